import { eventsPageBody, listPublishedEvents } from "@/lib/events/list-published-events";
import { listEventsQuery } from "@/lib/events/schemas";
import { withApi } from "@/lib/http/with-api";

// GET /v1/movement-requests/events — replays the envelopes published for the caller's profile, newest first
export const GET = withApi(
  { scope: "integration", schemas: { query: listEventsQuery } },
  async ({ caller, query }) =>
    // The body is built from the stored envelope texts (byte for byte), not with Response.json.
    new Response(eventsPageBody(await listPublishedEvents(caller, query)), {
      headers: { "content-type": "application/json" },
    }),
);
