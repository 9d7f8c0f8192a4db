// POST /webhooks/endpoints/{id}/replay (extension): queues the endpoint's events that occurred at or after
// `since` (those of its profile, of the types it subscribes to) for delivery again, oldest first. Events
// older than the plan's retention no longer exist. An event already waiting for delivery to the endpoint
// is not queued twice. A disabled endpoint's replays wait, like its other deliveries, until re-enabled.
import { db } from "@/lib/db";
import { deliverableEventTypes } from "@/lib/events/movement-envelope";
import { newId } from "@/lib/ids";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import type { ReplayWebhookEventsResponse } from "@/lib/webhooks/schemas";

const INSERT_BATCH = 1000;

export async function replayWebhookEvents(
  scope: WebhookScope,
  id: string,
  since: Date,
): Promise<ReplayWebhookEventsResponse> {
  const now = new Date();
  return db().$transaction(
    async (tx) => {
      const endpoint = await getWebhookEndpointOrThrow(tx, scope, id, { forUpdate: true });
      const events = await tx.event.findMany({
        where: {
          profileId: endpoint.profileId,
          envelope: { not: null },
          // Real events only: a webhook test event is never replayed.
          resourceType: { in: ["movement", "movement_request"] },
          occurredAt: { gte: since },
          type: { in: [...deliverableEventTypes(endpoint.eventTypes)] },
          deliveries: { none: { endpointId: id, status: "PENDING" } },
        },
        select: { id: true },
        orderBy: [{ occurredAt: "asc" }, { sequence: "asc" }],
      });
      for (let start = 0; start < events.length; start += INSERT_BATCH) {
        await tx.webhookDelivery.createMany({
          data: events
            .slice(start, start + INSERT_BATCH)
            .map((event) => ({ id: newId(), endpointId: id, eventId: event.id, nextAttemptAt: now })),
        });
      }
      return { replayed: events.length };
    },
    { timeout: 60_000 },
  );
}
