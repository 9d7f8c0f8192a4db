// The administrator's view of the organisation's staff and their live sessions (the /users page).
import "server-only";
import { listActiveSessions, type ActiveSession, endUserSession } from "@/lib/auth/user-sessions";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { UserRole } from "@/lib/generated/prisma/enums";
import { logger } from "@/lib/logger";

/** The signed-in administrator: their organisation, audit name and own session. */
export type UserAdminScope = { organisationId: string; actor: string; sessionId?: string };

export type OrganisationUser = {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  sessions: ActiveSession[];
};

export async function getOrganisationUserOrThrow(scope: UserAdminScope, userId: string) {
  const user = await kysely()
    .selectFrom("User")
    .select(["id", "email", "name", "role"])
    .where("id", "=", userId)
    .where("organisationId", "=", scope.organisationId)
    .executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", `No user ${userId} was found in your organisation.`);
  return user;
}

/** Every staff member of the organisation, by name, with their live sessions. */
export async function listOrganisationUsers(scope: UserAdminScope): Promise<OrganisationUser[]> {
  const users = await kysely()
    .selectFrom("User")
    .select(["id", "email", "name", "role"])
    .where("organisationId", "=", scope.organisationId)
    // Marketplace carriers are listed on the marketplace page, not among the staff.
    .where("role", "!=", "CARRIER")
    .orderBy("name")
    .orderBy("id")
    .execute();
  return Promise.all(users.map(async (user) => ({ ...user, sessions: await listActiveSessions(user.id) })));
}

/** An administrator ends one session of a user of the organisation (their own included). */
export async function endOrganisationUserSession(
  scope: UserAdminScope,
  userId: string,
  sessionId: string,
): Promise<void> {
  const user = await getOrganisationUserOrThrow(scope, userId);
  const ended = await endUserSession({ sessionId, userId: user.id }, "ended-by-admin");
  if (!ended) throw new AppError("NOT_FOUND", "That session has already ended.");
  logger.info("staff session ended by an administrator", { userId, sessionId, actor: scope.actor });
}
