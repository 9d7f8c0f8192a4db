// The organisation's notices (rows written by the system, e.g. when a failing webhook endpoint is
// disabled): read and dismissed from the shell. Every query is scoped to the caller's organisation.
import "server-only";
import { db } from "@/lib/db";

export type NoticeView = { id: string; kind: string; message: string; createdAt: Date; readAt: Date | null };

const NOTICE_FIELDS = { id: true, kind: true, message: true, createdAt: true, readAt: true } as const;

export function countUnreadNotices(organisationId: string): Promise<number> {
  return db().notice.count({ where: { organisationId, readAt: null } });
}

export function listNotices(
  organisationId: string,
  options: { unreadOnly?: boolean; limit: number },
): Promise<NoticeView[]> {
  return db().notice.findMany({
    where: { organisationId, ...(options.unreadOnly ? { readAt: null } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit,
    select: NOTICE_FIELDS,
  });
}

/** Marks a notice read for the whole organisation; a notice of another organisation is left alone. */
export async function markNoticeRead(organisationId: string, noticeId: string): Promise<boolean> {
  const { count } = await db().notice.updateMany({
    where: { id: noticeId, organisationId, readAt: null },
    data: { readAt: new Date() },
  });
  return count > 0;
}
