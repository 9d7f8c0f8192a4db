// "Redeliver" from the attempt log (Integrations page): sends one delivery's event to its endpoint again,
// as the endpoint replay does for many events (docs/webhooks.md, "Replay"):
// - a delivery that already ended (SUCCEEDED or FAILED) keeps its history; a NEW delivery of the same
//   event to the same endpoint is queued, due now, with a fresh retry schedule (documenso's resend);
// - an event that is still waiting for this endpoint is not queued twice: its pending delivery is made
//   due now instead (a retry scheduled hours ahead is not waited for), unless a worker holds it;
// - a disabled endpoint's redelivery waits, like its other deliveries, until it is enabled again.
// The envelope is the stored one: same eventId (hook-id), signed afresh with the current secrets.
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";

export type RedeliveryOutcome = {
  /** queued: a new delivery; due-now: the waiting delivery was brought forward; in-flight: being sent. */
  outcome: "queued" | "due-now" | "in-flight";
  deliveryId: string;
  /** False when the endpoint is disabled: the delivery waits until it is enabled. */
  endpointEnabled: boolean;
};

export async function redeliverWebhookDelivery(
  scope: WebhookScope,
  endpointId: string,
  deliveryId: string,
  now: Date = new Date(),
): Promise<RedeliveryOutcome> {
  return transaction(async (tx) => {
    // The endpoint lock serialises this with replays and other redeliveries of the endpoint.
    const endpoint = await getWebhookEndpointOrThrow(tx, scope, endpointId, { forUpdate: true });
    const delivery = await tx
      .selectFrom("WebhookDelivery")
      .select("eventId")
      .where("id", "=", deliveryId)
      .where("endpointId", "=", endpoint.id)
      .executeTakeFirst();
    if (!delivery) throw new AppError("NOT_FOUND", `No delivery ${deliveryId} was found.`);

    const pending = await tx
      .selectFrom("WebhookDelivery")
      .select(["id", "lockedUntil"])
      .where("endpointId", "=", endpoint.id)
      .where("eventId", "=", delivery.eventId)
      .where("status", "=", "PENDING")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    const endpointEnabled = endpoint.enabled;
    if (pending) {
      if (pending.lockedUntil && pending.lockedUntil > now) {
        return { outcome: "in-flight", deliveryId: pending.id, endpointEnabled };
      }
      await tx
        .updateTable("WebhookDelivery")
        .set({ nextAttemptAt: now })
        .where("id", "=", pending.id)
        .execute();
      return { outcome: "due-now", deliveryId: pending.id, endpointEnabled };
    }
    const id = newId();
    await tx
      .insertInto("WebhookDelivery")
      .values({
        id,
        organisationId: endpoint.organisationId,
        endpointId: endpoint.id,
        eventId: delivery.eventId,
        nextAttemptAt: now,
      })
      .execute();
    return { outcome: "queued", deliveryId: id, endpointEnabled };
  });
}
