// The transactional outbox: an event is written with the change it describes, in the same transaction,
// so that it is published if and only if the change commits.
import { sql, type Kdb } from "@/lib/db";
import { EVENTS_CHANNEL } from "@/lib/events/event-wakeups";
import { subscribedEndpointIds } from "@/lib/events/subscribed-endpoints";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { countEventWritten } from "@/lib/metrics/metrics";
import { activeTraceparent } from "@/lib/tracing/spans";

export type NewEvent = {
  organisationId: string;
  profileId: string;
  type: string;
  resourceType: "movement_request" | "movement" | "prep_job" | "work_item";
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
 * in two statements: every change of the domain runs this, and ORM queries cost ~1 ms of CPU each
 * to compile (docs/performance.md).
 */
export async function recordEvent(tx: Kdb, event: NewEvent): Promise<string> {
  const id = event.id ?? newId();
  const now = new Date();
  const endpointIds = event.envelope ? await subscribedEndpointIds(tx, event) : [];
  const deliveryIds = endpointIds.map(() => newId());
  await tx
    .with("event", (kdb) =>
      kdb.insertInto("Event").values({
        id,
        organisationId: event.organisationId,
        profileId: event.profileId,
        type: event.type,
        resourceType: event.resourceType,
        resourceId: event.resourceId,
        resourceVersion: event.resourceVersion,
        occurredAt: event.occurredAt,
        payload: sql`${JSON.stringify(event.payload)}::jsonb`,
        envelope: event.envelope ?? null,
        traceparent: activeTraceparent() ?? null,
        createdAt: now,
      }),
    )
    .with("deliveries", (kdb) =>
      kdb
        .insertInto("WebhookDelivery")
        .columns(["id", "organisationId", "endpointId", "eventId", "nextAttemptAt", "createdAt"])
        .expression(
          sql`SELECT delivery.id, ${event.organisationId}, delivery."endpointId", ${id}, ${now}::timestamp(3), ${now}::timestamp(3)
              FROM unnest(${deliveryIds}::text[], ${endpointIds}::text[]) AS delivery(id, "endpointId")`,
        ),
    )
    .selectNoFrom(sql<string>`pg_notify(${EVENTS_CHANNEL}, ${event.organisationId})::text`.as("notified"))
    .execute();
  countEventWritten(event.resourceType);
  return id;
}
