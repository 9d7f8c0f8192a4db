// The transactional outbox: an event is written with the change it describes, in the same transaction,
// so that it is published if and only if the change commits.
import { announceEvent } from "@/lib/events/event-wakeups";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueDeliveriesForEvent } from "@/lib/webhooks/enqueue-deliveries";

export type NewEvent = {
  organisationId: string;
  profileId: string;
  type: string;
  resourceType: "movement_request" | "movement" | "prep_job";
  resourceId: string;
  resourceVersion: number;
  occurredAt: Date;
  payload: Prisma.InputJsonValue;
  /** The webhook envelope's exact JSON text, for the four published movement events. */
  envelope?: string;
  /** Reuse an id chosen earlier (the envelope's eventId). */
  id?: string;
};

export async function recordEvent(tx: Prisma.TransactionClient, event: NewEvent): Promise<string> {
  const id = event.id ?? newId();
  await tx.event.create({ data: { ...event, id } });
  // Published events fan out to the subscribed endpoints in this same transaction (outbox).
  if (event.envelope)
    await enqueueDeliveriesForEvent(tx, { id, profileId: event.profileId, type: event.type });
  await announceEvent(tx, { organisationId: event.organisationId });
  return id;
}
