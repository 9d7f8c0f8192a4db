// Fan-out of one published event to the profile's endpoints, in the transaction that records the event
// (transactional outbox): one PENDING delivery per endpoint subscribed to its type (empty = all).
// Disabled endpoints get theirs too: the worker skips them, and re-enabling resumes them.
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

export type EventToDeliver = { id: string; profileId: string; type: string };

/** Creates the event's deliveries; returns how many. */
export async function enqueueDeliveriesForEvent(
  tx: Prisma.TransactionClient,
  event: EventToDeliver,
): Promise<number> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { profileId: event.profileId, ...subscribedTo(event.type) },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  if (endpoints.length === 0) return 0;
  const { count } = await tx.webhookDelivery.createMany({
    data: endpoints.map((endpoint) => ({ id: newId(), endpointId: endpoint.id, eventId: event.id })),
  });
  return count;
}

/** Endpoints whose eventTypes include the type, or are empty (all types). */
export function subscribedTo(type: string): Prisma.WebhookEndpointWhereInput {
  return { OR: [{ eventTypes: { isEmpty: true } }, { eventTypes: { has: type } }] };
}
