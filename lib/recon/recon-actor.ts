// Who acts on work items, and within what: an API caller (its profile's prep jobs) or a staff user
// (the organisation's). Deciding an estimate needs the approval right: the recon_approval scope of an
// API key, the "approve-recon" capability of a staff role (admins, recon managers).
import type { ApiCaller } from "@/lib/auth/api-caller";
import { can } from "@/lib/auth/roles";
import type { UserRole } from "@/lib/generated/prisma/enums";

export type ReconActor = {
  organisationId: string;
  /** An API caller's profile; absent for staff, who see the whole organisation. */
  profileId?: string;
  /** For audit trails: "api-key:…", "user:…". */
  actor: string;
  canApprove: boolean;
};

export function reconActorOfApiCaller(caller: ApiCaller): ReconActor {
  return {
    organisationId: caller.organisationId,
    profileId: caller.profileId,
    actor: caller.actor,
    canApprove: caller.scopes.includes("recon_approval"),
  };
}

export function reconActorOfStaff(staff: {
  organisationId: string;
  actor: string;
  user: { role: UserRole };
}): ReconActor {
  return {
    organisationId: staff.organisationId,
    actor: staff.actor,
    canApprove: can(staff.user.role, "approve-recon"),
  };
}

/** The approver recorded when an item under the site's threshold is approved on submission. */
export const AUTO_APPROVER = "system:auto-approve";
