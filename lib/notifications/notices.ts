// The organisation's notices (rows written by the system, e.g. when a failing webhook endpoint is
// disabled): read and dismissed from the shell. Every query is scoped to the caller's organisation.
import "server-only";
import { kysely } from "@/lib/db";

export type NoticeView = { id: string; kind: string; message: string; createdAt: Date; readAt: Date | null };

export async function countUnreadNotices(organisationId: string): Promise<number> {
  const { count } = await kysely()
    .selectFrom("Notice")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("organisationId", "=", organisationId)
    .where("readAt", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function listNotices(
  organisationId: string,
  options: { unreadOnly?: boolean; limit: number },
): Promise<NoticeView[]> {
  return kysely()
    .selectFrom("Notice")
    .select(["id", "kind", "message", "createdAt", "readAt"])
    .where("organisationId", "=", organisationId)
    .$if(options.unreadOnly === true, (query) => query.where("readAt", "is", null))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(options.limit)
    .execute();
}

/** Marks a notice read for the whole organisation; a notice of another organisation is left alone. */
export async function markNoticeRead(organisationId: string, noticeId: string): Promise<boolean> {
  const { numUpdatedRows } = await kysely()
    .updateTable("Notice")
    .set({ readAt: new Date() })
    .where("id", "=", noticeId)
    .where("organisationId", "=", organisationId)
    .where("readAt", "is", null)
    .executeTakeFirst();
  return numUpdatedRows > BigInt(0);
}
