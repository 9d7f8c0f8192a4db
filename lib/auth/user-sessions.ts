// Server-side records of staff sessions. The session cookie (a JWT) carries the record's id (`sid`);
// getStaffContext asks isLiveSession on each request, so that a session ended here (sign-out, an
// administrator, a password or role change, the idle or absolute timeout) stops working at once,
// whatever copies of its cookie exist, in every server process. Nothing is cached: the question is one
// primary-key read, and "last seen" is written at most once a minute.
import "server-only";
import { db, kysely, sqlTimestamp } from "@/lib/db";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";

export type SessionEndReason = "signed-out" | "ended-by-admin" | "password-changed" | "role-changed";

const USER_AGENT_MAX = 512;
/** How stale "last seen" may get before a request writes it: far below the idle timeout (minutes). */
const SEEN_WRITE_MS = 60_000;

export function sessionTimeouts() {
  return {
    idleMs: env().SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    absoluteMs: env().SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
  };
}

/** Records a new sign-in; its id goes into the session token. */
export async function startUserSession(input: {
  userId: string;
  userAgent: string | null;
  ipAddress: string | null;
  now?: Date;
}): Promise<{ id: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const session = await db().userSession.create({
    data: {
      id: newId(),
      userId: input.userId,
      userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ipAddress: input.ipAddress,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + sessionTimeouts().absoluteMs),
    },
    select: { id: true, expiresAt: true },
  });
  return session;
}

/**
 * Whether the session is live (not ended, within both timeouts) and belongs to the user. A live one is
 * marked seen now when its mark is more than a minute old.
 */
export async function isLiveSession(sessionId: string, userId: string, now = new Date()): Promise<boolean> {
  const session = await kysely()
    .selectFrom("UserSession")
    .select("lastSeenAt")
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
    .where("expiresAt", ">", sqlTimestamp(now))
    .where("lastSeenAt", ">", sqlTimestamp(new Date(now.getTime() - sessionTimeouts().idleMs)))
    .executeTakeFirst();
  if (!session) return false;
  if (now.getTime() - session.lastSeenAt.getTime() > SEEN_WRITE_MS) {
    await kysely()
      .updateTable("UserSession")
      .set({ lastSeenAt: sqlTimestamp(now) })
      .where("id", "=", sessionId)
      .where("lastSeenAt", "<", sqlTimestamp(now))
      .execute();
  }
  return true;
}

/** Ends one session of a user (sign-out, or an administrator who names it). */
export async function endUserSession(
  where: { sessionId: string; userId?: string },
  reason: SessionEndReason,
): Promise<boolean> {
  const { count } = await db().userSession.updateMany({
    where: { id: where.sessionId, userId: where.userId, endedAt: null },
    data: { endedAt: new Date(), endedReason: reason },
  });
  return count === 1;
}

/** Ends every live session of a user, except `keep` (the session that made the change). */
export async function endUserSessions(
  userId: string,
  reason: SessionEndReason,
  options: { keep?: string; client?: Pick<ReturnType<typeof db>, "userSession"> } = {},
): Promise<number> {
  const { count } = await (options.client ?? db()).userSession.updateMany({
    where: { userId, endedAt: null, ...(options.keep ? { id: { not: options.keep } } : {}) },
    data: { endedAt: new Date(), endedReason: reason },
  });
  return count;
}

export type ActiveSession = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
};

/** A user's live sessions, most recently seen first. The caller has checked the user is in its organisation. */
export async function listActiveSessions(userId: string, now = new Date()): Promise<ActiveSession[]> {
  return db().userSession.findMany({
    where: {
      userId,
      endedAt: null,
      expiresAt: { gt: now },
      lastSeenAt: { gt: new Date(now.getTime() - sessionTimeouts().idleMs) },
    },
    select: {
      id: true,
      userAgent: true,
      ipAddress: true,
      createdAt: true,
      lastSeenAt: true,
      expiresAt: true,
    },
    orderBy: { lastSeenAt: "desc" },
  });
}
