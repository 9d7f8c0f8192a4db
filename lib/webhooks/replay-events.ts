// POST /webhooks/endpoints/{id}/replay (extension): queues the endpoint's events that occurred at or after
// `since` (those of its profile, of the types it subscribes to, within its plan's retention) for delivery
// again, oldest first; a `since` in a month that retention archived is a 410. An event already waiting
// for delivery to the endpoint is not queued twice. A disabled endpoint's replays wait, like its other
// deliveries, until re-enabled.
import { transaction } from "@/lib/db";
import { deliverableEventTypes } from "@/lib/events/movement-envelope";
import { replayStart } from "@/lib/events/retention";
import { assertMonthNotArchived } from "@/lib/history/archived-month";
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
  await assertMonthNotArchived("Event", since);
  return transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, scope, id, { forUpdate: true });
    // Events are stored past the plan's window (until the history retention), never replayed past it.
    const from = await replayStart(tx, endpoint.organisationId, since, now);
    const events = await tx
      .selectFrom("Event as event")
      .select("event.id")
      .where("event.profileId", "=", endpoint.profileId)
      .where("event.envelope", "is not", null)
      // Real events only: a webhook test event is never replayed.
      .where("event.resourceType", "in", ["movement", "movement_request"])
      .where("event.occurredAt", ">=", from)
      .where("event.type", "in", [...deliverableEventTypes(endpoint.eventTypes)])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("WebhookDelivery as delivery")
              .select("delivery.id")
              .whereRef("delivery.eventId", "=", "event.id")
              .where("delivery.endpointId", "=", id)
              .where("delivery.status", "=", "PENDING"),
          ),
        ),
      )
      .orderBy("event.occurredAt")
      .orderBy("event.sequence")
      .execute();
    for (let start = 0; start < events.length; start += INSERT_BATCH) {
      await tx
        .insertInto("WebhookDelivery")
        .values(
          events.slice(start, start + INSERT_BATCH).map((event) => ({
            id: newId(),
            organisationId: endpoint.organisationId,
            endpointId: id,
            eventId: event.id,
            nextAttemptAt: now,
          })),
        )
        .execute();
    }
    return { replayed: events.length };
  });
}
