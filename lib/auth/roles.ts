// What each staff role may do in the web UI: one table, asked through can(). Pages and server actions
// guard with requireStaff(rolesWith("dispatch")); the shell filters its navigation with the same table.
// Safe in client components (no server imports).
import { UserRole } from "@/lib/generated/prisma/enums";
import { everyValueOf } from "@/lib/schemas/enum-values";

export const CAPABILITIES = [
  /** The movement board, read-only: every role (prep staff follow the vehicles coming to them). */
  "view-board",
  /** Create movements (wizard), plan, assign, split, record collection/delivery, cancel, abort. */
  "dispatch",
  /** The prep-job kanban, read-only: every role (dispatchers plan outbound movements from it). */
  "view-prep-jobs",
  /** Move prep jobs between stages, assign prep sites, propose and estimate reconditioning work. */
  "work-prep-jobs",
  /** Approve or decline reconditioning estimates over a prep site's auto-approve threshold (issue 37). */
  "approve-recon",
  /** The /reports page and its CSV exports: delivery, price and prep figures across sites. */
  "view-reports",
  /** Webhook endpoints, API keys, workshop-screen (display) links. */
  "manage-integrations",
  /** Staff members' roles and live sessions (the /users page): see and end sessions. */
  "manage-users",
  /** The organisation's own settings: its branding on customers' tracking pages. */
  "manage-organisation",
  /** The organisation's notices (e.g. a webhook endpoint was disabled). */
  "view-notices",
  /** Mark a notice read for the whole organisation (the banner's dismiss button). */
  "dismiss-notices",
  /** The /system page: the worker's heartbeat, the webhook backlog, the database, the build. */
  "view-system",
  /** The development mailbox (e-mail written to MAILBOX_DIR when SMTP_URL is not set). */
  "view-mailbox",
  /** Invite carriers to the organisation's marketplace and set whether claims win by themselves. */
  "manage-marketplace",
] as const;

export type Capability = (typeof CAPABILITIES)[number];

const ROLE_CAPABILITIES: Record<UserRole, ReadonlySet<Capability>> = {
  ADMIN: new Set(CAPABILITIES),
  DISPATCHER: new Set<Capability>([
    "view-board",
    "dispatch",
    "view-prep-jobs",
    "view-reports",
    "view-notices",
  ]),
  PREP_STAFF: new Set<Capability>(["view-board", "view-prep-jobs", "work-prep-jobs", "view-notices"]),
  // Works prep jobs like prep staff, approves their estimates, and reads the reports' recon cost.
  RECON_MANAGER: new Set<Capability>([
    "view-board",
    "view-prep-jobs",
    "work-prep-jobs",
    "approve-recon",
    "view-reports",
    "view-notices",
  ]),
  // A marketplace carrier is not staff: no staff page or action (its own pages use requireCarrier()).
  CARRIER: new Set<Capability>(),
};

/** In the order the UI lists them; every role (tsc fails when one is added to the schema). */
export const ROLES: readonly UserRole[] = everyValueOf(UserRole, [
  "ADMIN",
  "DISPATCHER",
  "PREP_STAFF",
  "RECON_MANAGER",
  "CARRIER",
]);

/** The roles that may open staff pages at all: every role but CARRIER. */
export const STAFF_ROLES: readonly UserRole[] = ROLES.filter((role) => role !== UserRole.CARRIER);

export const ROLE_LABEL: Record<UserRole, string> = {
  ADMIN: "Administrator",
  DISPATCHER: "Dispatcher",
  PREP_STAFF: "Prep staff",
  RECON_MANAGER: "Recon manager",
  CARRIER: "Carrier",
};

export function can(role: UserRole, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].has(capability);
}

/** The roles that have a capability: the argument of requireStaff(). */
export function rolesWith(capability: Capability): UserRole[] {
  return ROLES.filter((role) => can(role, capability));
}

/** Where a role lands after signing in, and when it opens "/". */
export function homePathFor(role: UserRole): string {
  if (role === UserRole.CARRIER) return "/carrier/jobs";
  return role === UserRole.PREP_STAFF || role === UserRole.RECON_MANAGER ? "/prep-jobs" : "/board";
}

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
