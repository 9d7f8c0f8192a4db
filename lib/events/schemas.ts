// GET /movement-requests/events: the query as the route validates it, and the page as the OpenAPI
// document describes it. The envelopes themselves are described by lib/events/envelope-schema.ts.
import { z } from "zod";
import { webhookEnvelopeSchema } from "@/lib/events/envelope-schema";
import { decodeEventsCursor, type EventsCursor } from "@/lib/events/events-cursor";
import { EVENT_RETENTION_DAYS } from "@/lib/events/retention";
import { instantSchema } from "@/lib/schemas/common";

export const EVENTS_PAGE_DEFAULT = 50;
export const EVENTS_PAGE_MAX = 250;

/**
 * An ISO 8601 instant (with Z or an offset) as a Date. The database keeps milliseconds, so a finer
 * instant is rounded up to the next millisecond: "at or after" stays exact.
 */
export function instantAtOrAfter(text: string): Date {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d+))?(.*)$/.exec(text);
  if (!match) return new Date(text);
  const [, seconds, fraction = "", zone] = match;
  const date = new Date(`${seconds}.${fraction.slice(0, 3).padEnd(3, "0")}${zone}`);
  return /[1-9]/.test(fraction.slice(3)) ? new Date(date.getTime() + 1) : date;
}

const sinceSchema = instantSchema.transform(instantAtOrAfter).meta({
  description:
    "Only events at or after this instant (ISO 8601 date-time with Z or an offset). With a cursor it " +
    "may be left out; if given, it must be the instant the cursor's walk started with.",
  example: "2026-11-21T09:30:00Z",
});

const cursorSchema = z
  .string()
  .transform((value, ctx) => {
    const cursor = decodeEventsCursor(value);
    if (!cursor) {
      ctx.addIssue({ code: "custom", message: "Not a cursor of this list: pass nextCursor as returned" });
      return z.NEVER;
    }
    return cursor;
  })
  .meta({ description: "Opaque: the previous page's nextCursor, unchanged" });

/** Page size: a string of digits only, 1 to 250. */
const limitSchema = z
  .string()
  .regex(/^\d+$/, "Expected a whole number (digits only)")
  .transform(Number)
  .refine(
    (value) => value >= 1 && value <= EVENTS_PAGE_MAX,
    `Expected a page size from 1 to ${EVENTS_PAGE_MAX}`,
  )
  .meta({ description: `Page size 1 to ${EVENTS_PAGE_MAX}; default ${EVENTS_PAGE_DEFAULT}` });

export const listEventsQuery = z
  .strictObject({
    since: sinceSchema.optional(),
    cursor: cursorSchema.optional(),
    limit: limitSchema.optional(),
  })
  .superRefine((query, ctx) => {
    // A cursor continues one walk: it cannot be combined with another `since`. Zod runs this check
    // even when a field failed its own schema, leaving that field's raw text here: compare only two
    // parsed values (a failed field already has its issue).
    const { since, cursor } = query as { since?: unknown; cursor?: unknown };
    if (!(since instanceof Date) || !isEventsCursor(cursor)) return;
    if (since.getTime() !== cursor.since?.getTime()) {
      ctx.addIssue({
        code: "custom",
        path: ["since"],
        message: "Differs from the since of the walk this cursor belongs to: leave it out, or repeat it",
      });
    }
  });
function isEventsCursor(value: unknown): value is EventsCursor {
  return typeof value === "object" && value !== null && "occurredAt" in value;
}

export type ListEventsQuery = z.infer<typeof listEventsQuery>;

export const eventsPageSchema = z
  .object({
    data: z.array(webhookEnvelopeSchema).meta({
      description:
        "Published envelopes, newest first (occurredAt, then eventId), byte for byte as signed and " +
        "delivered. Envelopes older than the plan's retention " +
        `(${EVENT_RETENTION_DAYS.FREE} days free, ${EVENT_RETENTION_DAYS.PRO} days Pro) are never returned.`,
    }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as cursor for the next (older) page; null on the last page" }),
  })
  .meta({ id: "EventsPage", description: "A page of replayed webhook envelopes" });
export type EventsPage = z.infer<typeof eventsPageSchema>;
