// The transactional outbox: an event is written with the change it describes, in the same transaction,
// so that it is published if and only if the change commits.
import { sqlTimestamp } from "@/lib/db";
import { EVENTS_CHANNEL } from "@/lib/events/event-wakeups";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { subscribedEndpointIds } from "@/lib/webhooks/enqueue-deliveries";

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

/**
 * The event, its deliveries (published events fan out to the subscribed endpoints) and the wake-up,
 * in two raw statements: every change of the domain runs this, and ORM queries cost ~1 ms of CPU each
 * to compile (docs/performance.md).
 */
export async function recordEvent(tx: Prisma.TransactionClient, event: NewEvent): Promise<string> {
  const id = event.id ?? newId();
  const now = sqlTimestamp(new Date());
  const endpointIds = event.envelope ? await subscribedEndpointIds(tx, event) : [];
  const deliveryIds = endpointIds.map(() => newId());
  await tx.$executeRaw`
    WITH event AS (
      INSERT INTO "Event" (id, "organisationId", "profileId", type, "resourceType", "resourceId",
        "resourceVersion", "occurredAt", payload, envelope, "createdAt")
      VALUES (${id}, ${event.organisationId}, ${event.profileId}, ${event.type}, ${event.resourceType},
        ${event.resourceId}, ${event.resourceVersion}, ${sqlTimestamp(event.occurredAt)},
        ${JSON.stringify(event.payload)}::jsonb, ${event.envelope ?? null}, ${now})
    ),
    deliveries AS (
      INSERT INTO "WebhookDelivery" (id, "endpointId", "eventId", "nextAttemptAt", "createdAt")
      SELECT delivery.id, delivery."endpointId", ${id}, ${now}, ${now}
      FROM unnest(${deliveryIds}::text[], ${endpointIds}::text[]) AS delivery(id, "endpointId")
    )
    SELECT pg_notify(${EVENTS_CHANNEL}, ${event.organisationId})`;
  return id;
}
