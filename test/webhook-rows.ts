// Rows for webhook integration tests, written directly: published events, deliveries and attempts.
import type { Kdb } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { Tenant } from "@/test/tenant";

/** A published movement event of the tenant's profile (with an envelope, as the recorder writes it). */
export async function seedWebhookEvent(
  kdb: Kdb,
  tenant: Tenant,
  input: { type: string; occurredAt: Date; envelope?: string | null },
) {
  const id = newId();
  return kdb
    .insertInto("Event")
    .values({
      id,
      organisationId: tenant.organisation.id,
      profileId: tenant.profile.id,
      type: input.type,
      resourceType: "movement",
      resourceId: newId(),
      resourceVersion: 1,
      occurredAt: input.occurredAt,
      payload: {},
      envelope:
        input.envelope === undefined
          ? JSON.stringify({ schemaVersion: "1", eventId: id, eventType: input.type })
          : input.envelope,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A delivery of an event to an endpoint, with `attempts` attempts at the given instants. */
export async function seedDeliveryWithAttempts(
  kdb: Kdb,
  input: { endpointId: string; eventId: string; attemptedAt: Date[] },
) {
  const { organisationId } = await kdb
    .selectFrom("WebhookEndpoint")
    .select("organisationId")
    .where("id", "=", input.endpointId)
    .executeTakeFirstOrThrow();
  const delivery = await kdb
    .insertInto("WebhookDelivery")
    .values({
      id: newId(),
      organisationId,
      endpointId: input.endpointId,
      eventId: input.eventId,
      status: "FAILED",
      attemptCount: input.attemptedAt.length,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const attempts = [];
  for (const [index, attemptedAt] of input.attemptedAt.entries()) {
    attempts.push(
      await kdb
        .insertInto("WebhookAttempt")
        .values({
          id: newId(),
          organisationId,
          deliveryId: delivery.id,
          endpointId: input.endpointId,
          attemptNumber: index + 1,
          attemptedAt,
          durationMs: 100 + index,
          responseStatus: index % 2 === 0 ? 500 : null,
          responseBodyExcerpt: index % 2 === 0 ? "Internal Server Error" : null,
          error: index % 2 === 0 ? "HTTP 500" : "ECONNREFUSED: connect ECONNREFUSED",
          succeeded: false,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
  }
  return { delivery, attempts };
}
