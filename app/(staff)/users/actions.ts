"use server";
// The Users page's server actions: ADMIN only (requireStaff), the user looked up inside the admin's
// organisation before any session of theirs is ended.
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { endUserSessions } from "@/lib/auth/user-sessions";
import { endOrganisationUserSession, getOrganisationUserOrThrow } from "@/lib/auth/users/organisation-users";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { logger } from "@/lib/logger";
import { identifierSchema } from "@/lib/schemas/common";

const USERS_PATH = "/users";

async function adminScope() {
  const staff = await requireStaff(rolesWith("manage-users"));
  return { organisationId: staff.organisationId, actor: staff.actor, sessionId: staff.sessionId };
}

export async function endUserSessionAction(userId: unknown, sessionId: unknown): Promise<ActionResult> {
  const scope = await adminScope();
  return runAction("users", async () => {
    await endOrganisationUserSession(
      scope,
      identifierSchema.parse(userId),
      identifierSchema.parse(sessionId),
    );
    revalidatePath(USERS_PATH);
    return null;
  });
}

/** Ends every session of the user; an admin's own current session is kept (the page would vanish). */
export async function endAllUserSessionsAction(userId: unknown): Promise<ActionResult<{ ended: number }>> {
  const scope = await adminScope();
  return runAction("users", async () => {
    const user = await getOrganisationUserOrThrow(scope, identifierSchema.parse(userId));
    const ended = await endUserSessions(user.id, "ended-by-admin", { keep: scope.sessionId });
    logger.info("staff sessions ended by an administrator", { userId: user.id, ended, actor: scope.actor });
    revalidatePath(USERS_PATH);
    return { ended };
  });
}
