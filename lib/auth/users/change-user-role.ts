// An administrator changes a staff member's role. The user's sessions are ended (all of them, or all
// but the one making the change when admins change their own): whatever a session was allowed to do
// under the old role, a new sign-in starts from the new one.
import "server-only";
import { endUserSessions } from "@/lib/auth/user-sessions";
import { getOrganisationUserOrThrow, type UserAdminScope } from "@/lib/auth/users/organisation-users";
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { UserRole } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/logger";

export async function changeUserRole(
  scope: UserAdminScope,
  userId: string,
  role: UserRole,
): Promise<{ endedSessions: number }> {
  const user = await getOrganisationUserOrThrow(scope, userId);
  if (user.role === role) return { endedSessions: 0 };
  // A carrier's account is of another kind (it has a MarketplaceCarrier): never turned into staff or back.
  if (user.role === "CARRIER" || role === "CARRIER") {
    throw new AppError("FORBIDDEN", "A marketplace carrier's account cannot change role.");
  }
  const endedSessions = await transaction(async (trx) => {
    await trx.updateTable("User").set({ role }).where("id", "=", user.id).execute();
    return endUserSessions(user.id, "role-changed", { keep: scope.sessionId, kdb: trx });
  });
  logger.info("staff role changed", { userId, from: user.role, to: role, actor: scope.actor, endedSessions });
  return { endedSessions };
}
