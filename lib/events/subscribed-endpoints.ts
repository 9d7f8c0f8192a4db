// Fan-out of a published event: which of the profile's endpoints get a delivery of it. recordEvent
// writes the deliveries with the event, in the transaction of the change (transactional outbox). The
// outbox is written here, in lib/events, and lib/webhooks delivers it: events never import webhooks.
// Disabled endpoints get theirs too: the worker skips them, and re-enabling resumes them.
import type { Kdb } from "@/lib/db";
import { WEBHOOK_EVENT_TYPES } from "@/lib/events/movement-envelope";

export type EventToDeliver = { profileId: string; type: string };

/**
 * The profile's endpoints subscribed to the event's type: their eventTypes include it, or are empty
 * and it is one of the specification's types (an opt-in extension type goes only where it is named).
 */
export async function subscribedEndpointIds(tx: Kdb, event: EventToDeliver): Promise<string[]> {
  const sentToAll = (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event.type);
  // Kysely: recordEvent runs on every change, and Prisma compiles each ORM query anew (docs/performance.md).
  const endpoints = await tx
    .selectFrom("WebhookEndpoint")
    .select("id")
    .where("profileId", "=", event.profileId)
    .where((eb) =>
      eb.or([
        ...(sentToAll ? [eb(eb.fn<number>("cardinality", ["eventTypes"]), "=", 0)] : []),
        eb(eb.val(event.type), "=", eb.fn.any("eventTypes")),
      ]),
    )
    .orderBy("id")
    .execute();
  return endpoints.map((endpoint) => endpoint.id);
}
