// A staff member's password changes (their own, from a signed-in session, or set by an administrator):
// every other session of theirs ends, so that whoever knew the old password is signed out everywhere.
import "server-only";
import { hashPassword } from "@/lib/auth/password";
import { endUserSessions } from "@/lib/auth/user-sessions";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";

export async function changeUserPassword(
  userId: string,
  newPassword: string,
  options: { keepSessionId?: string; actor: string },
): Promise<{ endedSessions: number }> {
  const passwordHash = await hashPassword(newPassword);
  const endedSessions = await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    return endUserSessions(userId, "password-changed", { keep: options.keepSessionId, client: tx });
  });
  logger.info("staff password changed", { userId, actor: options.actor, endedSessions });
  return { endedSessions };
}
