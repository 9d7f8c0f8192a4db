// A staff member's password changes (their own, from a signed-in session, or set by an administrator):
// every other session of theirs ends, so that whoever knew the old password is signed out everywhere.
import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { endUserSessions } from "@/lib/auth/user-sessions";
import { transaction } from "@/lib/db";
import { logger } from "@/lib/logger";

export async function changeUserPassword(
  userId: string,
  newPassword: string,
  options: { keepSessionId?: string; actor: string },
): Promise<{ endedSessions: number }> {
  const passwordHash = await hashPassword(newPassword);
  const endedSessions = await transaction(async (trx) => {
    await trx.updateTable("User").set({ passwordHash }).where("id", "=", userId).execute();
    return endUserSessions(userId, "password-changed", { keep: options.keepSessionId, kdb: trx });
  });
  logger.info("staff password changed", { userId, actor: options.actor, endedSessions });
  return { endedSessions };
}
