// /movement-requests/events: replay of the published webhook envelopes (integration scope).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { eventsPageSchema, listEventsQuery } from "@/lib/events/schemas";
import { TAGS, op } from "@/lib/openapi/operation";

export const eventPaths: ZodOpenApiPathsObject = {
  "/movement-requests/events": {
    get: op.get({
      operationId: "listMovementEvents",
      tag: TAGS.events,
      scope: "integration",
      summary: "Replay webhook events",
      description:
        "The webhook envelopes published for your profile, newest first, byte for byte as they were " +
        "signed and delivered, discriminated by `eventType`. Use it to reconcile after downtime: walk the " +
        "pages from `since` by passing each page's `nextCursor` as `cursor` until it is `null`. Pages are " +
        "stable while new events arrive. Events older than your plan's retention (30 days on the free " +
        "plan, 90 days on Pro) are not returned, and an empty page cannot be told apart from an expired " +
        "one, so reconcile well inside the window. A `since` or `cursor` in a month the service's storage " +
        "retention has archived (25 months by default) is `410 EVENTS_ARCHIVED`, naming the archive.",
      query: listEventsQuery,
      queryExample: { since: "2026-11-21T09:30:00Z", limit: "100" },
      success: { status: 200, description: "One page of envelopes.", schema: eventsPageSchema },
      errors: ["EVENTS_ARCHIVED"],
    }),
  },
};
