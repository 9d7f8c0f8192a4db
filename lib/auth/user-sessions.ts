// Server-side records of staff sessions. The session cookie (a JWT) carries the record's id (`sid`);
// getStaffContext asks isLiveSession on each request, so that a session ended here (sign-out, an
// administrator, a password or role change, the idle or absolute timeout) stops working at once,
// whatever copies of its cookie exist. The answer is cached per process for at most 5 seconds; ending a
// session clears this process's cache entry at once (others within 5 s).
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";

export type SessionEndReason = "signed-out" | "ended-by-admin" | "password-changed" | "role-changed";

const CACHE_MS = 5_000;
const USER_AGENT_MAX = 512;

const globalForSessions = globalThis as unknown as {
  vmsSessionChecks?: Map<string, { live: boolean; checkedAt: number }>;
};
function checks() {
  globalForSessions.vmsSessionChecks ??= new Map();
  return globalForSessions.vmsSessionChecks;
}

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
 * Whether the session is live (not ended, within both timeouts) and belongs to the user; a live one is
 * marked seen now, in the same statement.
 */
export async function isLiveSession(sessionId: string, userId: string, now = new Date()): Promise<boolean> {
  const cacheKey = `${sessionId}:${userId}`;
  const cached = checks().get(cacheKey);
  if (cached && now.getTime() - cached.checkedAt < CACHE_MS) return cached.live;
  const { count } = await db().userSession.updateMany({
    where: {
      id: sessionId,
      userId,
      endedAt: null,
      expiresAt: { gt: now },
      lastSeenAt: { gt: new Date(now.getTime() - sessionTimeouts().idleMs) },
    },
    data: { lastSeenAt: now },
  });
  const live = count === 1;
  if (checks().size > 10_000) checks().clear(); // a bound, not an eviction policy: entries live 5 s
  checks().set(cacheKey, { live, checkedAt: now.getTime() });
  return live;
}

/** Ends one session of a user (sign-out, or an administrator who names it). */
export async function endUserSession(
  where: { sessionId: string; userId?: string },
  reason: SessionEndReason,
): Promise<boolean> {
  forget((key) => key.startsWith(`${where.sessionId}:`));
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
  forget((key) => key.endsWith(`:${userId}`) && !key.startsWith(`${options.keep}:`));
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

function forget(matches: (key: string) => boolean): void {
  for (const key of checks().keys()) if (matches(key)) checks().delete(key);
}
