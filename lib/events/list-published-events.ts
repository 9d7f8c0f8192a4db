// GET /movement-requests/events: replays the webhook envelopes published for the caller's profile,
// newest first, keyset-paginated on (occurredAt desc, id desc). A page already being walked never
// shifts: new events are newer than every cursor. The envelopes are the stored JSON text, returned
// verbatim, so that a replayed envelope is byte for byte the one that was signed and delivered.
import type { ApiCaller } from "@/lib/auth/api-caller";
import { type Kdb, type NotNull } from "@/lib/db";
import { readKysely } from "@/lib/read-replicas/read-kysely";
import { assertMonthNotArchived } from "@/lib/history/archived-month";
import { ulidTime } from "@/lib/ids";
import { encodeEventsCursor, type EventsCursor } from "@/lib/events/events-cursor";
import { replayStart } from "@/lib/events/retention";
import { EVENTS_PAGE_DEFAULT, type ListEventsQuery } from "@/lib/events/schemas";

export type PublishedEventsPage = {
  /** Each envelope's exact JSON text, newest first. */
  envelopes: string[];
  nextCursor: string | null;
};

export async function listPublishedEvents(
  caller: Pick<ApiCaller, "organisationId" | "profileId">,
  query: ListEventsQuery,
  now: Date = new Date(),
): Promise<PublishedEventsPage> {
  const limit = query.limit ?? EVENTS_PAGE_DEFAULT;
  // A cursor carries the since of its walk (the schema refuses a different one).
  const since = query.cursor ? query.cursor.since : (query.since ?? null);
  // Into a month that retention archived: 410, naming the archive (the page would silently skip it).
  if (query.cursor)
    await assertMonthNotArchived("Event", ulidTime(query.cursor.id) ?? query.cursor.occurredAt);
  else if (since) await assertMonthNotArchived("Event", since);
  const kdb = await readKysely();
  // Past the plan's window an event is never returned, though it is stored longer (lib/history).
  const from = await replayStart(kdb, caller.organisationId, since, now);

  const rows = await eventsPageQuery(kdb, {
    profileId: caller.profileId,
    from,
    after: query.cursor,
    take: limit + 1,
  }).execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    envelopes: page.map((row) => row.envelope),
    nextCursor:
      rows.length > limit && last
        ? encodeEventsCursor({ occurredAt: last.occurredAt, id: last.id, since })
        : null,
  };
}

/**
 * One page of a profile's published envelopes at or after `from`, strictly older than `after` in
 * (occurredAt desc, id desc) order, answered from the index Event(profileId, occurredAt desc, id desc):
 * the row comparison is an index condition, so a deep page costs what the first one does, with no sort.
 *
 * The profile is matched as the range [profileId, profileId] and leads the ORDER BY, on purpose. With
 * `"profileId" = …` PostgreSQL drops profileId from the ordering and, for a profile holding more than a
 * few per cent of the table, prefers Event(occurredAt) with an incremental sort, filtering other
 * profiles' rows out: fast while the profile is busy, but a scan through every other tenant's newer
 * events when it is quiet (40 ms instead of 0.07 ms at 100k rows, growing with the table). The range
 * means the same rows (text equality is byte equality), and only the profile index yields that order.
 * lib/events/events-page-query.int.test.ts holds the plans to this.
 */
export function eventsPageQuery(
  kdb: Kdb,
  input: { profileId: string; from: Date; after?: Pick<EventsCursor, "occurredAt" | "id">; take: number },
) {
  const { after } = input;
  return (
    kdb
      .selectFrom("Event")
      .select(["id", "occurredAt", "envelope"])
      .where("profileId", ">=", input.profileId)
      .where("profileId", "<=", input.profileId)
      .where("envelope", "is not", null)
      // Movement events only: a webhook test event is sent to one endpoint, never published.
      .where("resourceType", "=", "movement")
      .where("occurredAt", ">=", input.from)
      .$if(after !== undefined, (query) =>
        query.where((eb) => {
          const { occurredAt, id } = after as NonNullable<typeof after>;
          return eb(eb.refTuple("occurredAt", "id"), "<", eb.tuple(occurredAt, id));
        }),
      )
      .orderBy("profileId")
      .orderBy("occurredAt", "desc")
      .orderBy("id", "desc")
      .limit(input.take)
      .$narrowType<{ envelope: NotNull }>()
  );
}

/**
 * The response body: the stored envelope texts joined verbatim. Never parse and re-serialise them: the
 * consumer may compare them with what it received (signature, escapes, number forms).
 */
export function eventsPageBody(page: PublishedEventsPage): string {
  return `{"data":[${page.envelopes.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}
