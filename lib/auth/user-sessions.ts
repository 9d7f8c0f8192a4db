// Server-side records of staff sessions. The session cookie (a JWT) carries the record's id (`sid`);
// getStaffContext asks isLiveSession on each request, so that a session ended here (sign-out, an
// administrator, a password or role change, the idle or absolute timeout) stops working at once,
// whatever copies of its cookie exist, in every server process. Nothing is cached: the question is one
// primary-key read, and "last seen" is written at most once a minute.
import "server-only";
import { kysely, sqlTimestamp, type Kdb } from "@/lib/db";
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
  return kysely()
    .insertInto("UserSession")
    .values({
      id: newId(),
      userId: input.userId,
      // The user's organisation, the row's tenant key (one primary-key read inside the insert).
      organisationId: (eb) => eb.selectFrom("User").select("organisationId").where("id", "=", input.userId),
      userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ipAddress: input.ipAddress,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + sessionTimeouts().absoluteMs),
    })
    .returning(["id", "expiresAt"])
    .executeTakeFirstOrThrow();
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
  const { numUpdatedRows } = await kysely()
    .updateTable("UserSession")
    .set({ endedAt: new Date(), endedReason: reason })
    .where("id", "=", where.sessionId)
    .$if(where.userId !== undefined, (query) => query.where("userId", "=", where.userId!))
    .where("endedAt", "is", null)
    .executeTakeFirst();
  return numUpdatedRows === BigInt(1);
}

/** Ends every live session of a user, except `keep` (the session that made the change). */
export async function endUserSessions(
  userId: string,
  reason: SessionEndReason,
  options: { keep?: string; kdb?: Kdb } = {},
): Promise<number> {
  const { keep } = options;
  const { numUpdatedRows } = await (options.kdb ?? kysely())
    .updateTable("UserSession")
    .set({ endedAt: new Date(), endedReason: reason })
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
    .$if(keep !== undefined, (query) => query.where("id", "!=", keep!))
    .executeTakeFirst();
  return Number(numUpdatedRows);
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
  return kysely()
    .selectFrom("UserSession")
    .select(["id", "userAgent", "ipAddress", "createdAt", "lastSeenAt", "expiresAt"])
    .where("userId", "=", userId)
    .where("endedAt", "is", null)
    .where("expiresAt", ">", now)
    .where("lastSeenAt", ">", new Date(now.getTime() - sessionTimeouts().idleMs))
    .orderBy("lastSeenAt", "desc")
    .execute();
}
