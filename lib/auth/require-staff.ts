// The server-side guard of every staff page and server action:
//   const { user, organisationId, scope } = await requireStaff(rolesWith("dispatch"));
// Signed out → redirect to /sign-in. Signed in with another role → 403 (forbidden(), rendered by
// app/(staff)/forbidden.tsx) when next.config has experimental.authInterrupts, else a 404.
// The user and the session record are read from the database on each request (once, however many
// callers): a deleted user, a changed role or an ended session (lib/auth/user-sessions.ts) takes effect
// at once, not when the token expires.
import "server-only";
import { cache } from "react";
import { forbidden, notFound, redirect } from "next/navigation";
import { STAFF_ROLES } from "@/lib/auth/roles";
import { auth } from "@/lib/auth/staff-auth";
import { isLiveSession } from "@/lib/auth/user-sessions";
import { kysely } from "@/lib/db";
import type { UserRole } from "@/lib/generated/prisma/enums";
import { identifyReader } from "@/lib/read-replicas/read-kysely";

export type StaffUser = { id: string; email: string; name: string; role: UserRole };

export type StaffContext = {
  /** The server-side session record of this sign-in. */
  sessionId: string;
  user: StaffUser;
  organisationId: string;
  organisationName: string;
  /** For audit trails, like the API's "api-key:…": "user:dispatcher@demo.test". */
  actor: string;
  /** What domain functions take (ActorScope without a profile: staff see their whole organisation). */
  scope: { organisationId: string; actor: string };
};

/** The signed-in user (staff, or a marketplace carrier: check the role), or null. Cached per request. */
export const getStaffContext = cache(async (): Promise<StaffContext | null> => {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId || !session.sessionId || !(await isLiveSession(session.sessionId, userId))) return null;
  const user = await kysely()
    .selectFrom("User as u")
    .innerJoin("Organisation as o", "o.id", "u.organisationId")
    .select(["u.id", "u.email", "u.name", "u.role", "u.organisationId", "o.name as organisationName"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const actor = `user:${user.email}`;
  // Pages and server actions read by this user (lib/read-replicas): read-your-writes is per user.
  identifyReader(`user:${user.id}`);
  return {
    sessionId: session.sessionId,
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
    organisationId: user.organisationId,
    organisationName: user.organisationName,
    actor,
    scope: { organisationId: user.organisationId, actor },
  };
});

/**
 * Without roles: any staff role. A marketplace carrier (CARRIER) is signed in but is not staff: every
 * staff page and action refuses it, whatever roles it is given.
 */
export async function requireStaff(allowedRoles: readonly UserRole[] = STAFF_ROLES): Promise<StaffContext> {
  const staff = await getStaffContext();
  if (!staff) redirect("/sign-in");
  if (!STAFF_ROLES.includes(staff.user.role) || !allowedRoles.includes(staff.user.role)) denyAccess();
  return staff;
}

/** 403 through Next's forbidden() when authInterrupts is on; otherwise a 404, which reveals nothing. */
export function denyAccess(): never {
  try {
    forbidden();
  } catch (error) {
    // With the flag, forbidden() throws Next's 403 signal: let it through. Without, a plain Error.
    if (isHttpAccessSignal(error)) throw error;
  }
  notFound();
}

function isHttpAccessSignal(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_HTTP_ERROR_FALLBACK;");
}
