// A published movement event (collected, delivered, cancelled, aborted): the envelope is built from the
// leg as it is after the change and stored with the event, in the caller's transaction.
import { buildMovementEnvelope, type WebhookEventType } from "@/lib/events/movement-envelope";
import { recordEvent } from "@/lib/events/record-event";
import type { MovementRequest, Prisma } from "@/lib/generated/prisma/client";

export const legForEnvelopeInclude = {
  originSite: true,
  destinationSite: true,
  driver: true,
} satisfies Prisma.MovementInclude;

/** Updates a leg and publishes its event. */
export async function updateLegAndPublish(
  tx: Prisma.TransactionClient,
  request: MovementRequest,
  legId: string,
  eventType: WebhookEventType,
  options: { now: Date; data: Prisma.MovementUncheckedUpdateInput },
): Promise<void> {
  const leg = await tx.movement.update({
    where: { id: legId },
    data: { ...options.data, version: { increment: 1 } },
    include: legForEnvelopeInclude,
  });
  const { eventId, envelope } = buildMovementEnvelope({ eventType, request, leg, occurredAt: options.now });
  await recordEvent(tx, {
    id: eventId,
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: eventType,
    resourceType: "movement",
    resourceId: leg.id,
    resourceVersion: leg.version,
    occurredAt: options.now,
    payload: { movementRequestId: request.id, legNumber: leg.legNumber, status: leg.status },
    envelope,
  });
}
