import { describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { newId } from "@/lib/ids";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { recordAttempts, type FinishedAttempt } from "@/lib/webhooks/delivery/record-attempt";
import { seedWebhookEvent } from "@/test/webhook-rows";

const database = setupTestDatabase();
const WORKER = "worker-1";
const NOW = Date.now();

async function endpointOf(tenant: Tenant, failingSince: Date | null = null) {
  return kysely()
    .insertInto("WebhookEndpoint")
    .values({
      id: newId(),
      organisationId: tenant.organisation.id,
      profileId: tenant.profile.id,
      url: "https://93.184.215.14/hook",
      eventTypes: [],
      failingSince,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A delivery of a new event, claimed by `lockedBy`. */
async function claimed(tenant: Tenant, endpointId: string, lockedBy = WORKER): Promise<ClaimedDelivery> {
  const event = await seedWebhookEvent(database.kysely, tenant, {
    type: "movement.collected",
    occurredAt: new Date(),
  });
  const delivery = await kysely()
    .insertInto("WebhookDelivery")
    .values({
      id: newId(),
      organisationId: tenant.organisation.id,
      endpointId,
      eventId: event.id,
      lockedBy,
      lockedUntil: new Date(NOW + 60_000),
    })
    .returning(["id", "organisationId", "endpointId", "eventId", "attemptCount"])
    .executeTakeFirstOrThrow();
  return {
    ...delivery,
    url: "",
    envelope: event.envelope,
    sequence: String(event.sequence),
    secretCiphertexts: [],
    traceparent: event.traceparent,
  };
}

async function failingSinceOf(endpointId: string): Promise<Date | null> {
  const endpoint = await kysely()
    .selectFrom("WebhookEndpoint")
    .select("failingSince")
    .where("id", "=", endpointId)
    .executeTakeFirstOrThrow();
  return endpoint.failingSince;
}

const succeeded = (delivery: ClaimedDelivery, atMs = NOW): FinishedAttempt => ({
  delivery,
  number: 1,
  attemptedAt: new Date(atMs),
  outcome: { succeeded: true, status: 204, bodyExcerpt: "", durationMs: 12 },
});
const failed = (delivery: ClaimedDelivery, nextAttemptAt?: Date, atMs = NOW): FinishedAttempt => ({
  delivery,
  number: 1,
  attemptedAt: new Date(atMs),
  outcome: { succeeded: false, status: 500, bodyExcerpt: "oops", error: "HTTP 500", durationMs: 30 },
  nextAttemptAt,
});

describe("recordAttempts (one statement per batch)", () => {
  it("finishes, reschedules or fails each delivery of the batch and records every attempt", async () => {
    const tenant = await createTenant(database.prisma);
    const endpoint = await endpointOf(tenant);
    const [ok, retry, exhausted] = [
      await claimed(tenant, endpoint.id),
      await claimed(tenant, endpoint.id),
      await claimed(tenant, endpoint.id),
    ];
    const nextAttemptAt = new Date(NOW + 5_000);
    await recordAttempts(
      [
        succeeded(ok, NOW - 20),
        failed(retry, nextAttemptAt, NOW - 10),
        failed(exhausted, undefined, NOW - 10),
      ],
      WORKER,
    );

    const rows = await kysely()
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("endpointId", "=", endpoint.id)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ok.id)).toMatchObject({
      status: "SUCCEEDED",
      attemptCount: 1,
      lockedBy: null,
      lockedUntil: null,
    });
    expect(byId.get(ok.id)?.succeededAt).toBeInstanceOf(Date);
    expect(byId.get(retry.id)).toMatchObject({
      status: "PENDING",
      attemptCount: 1,
      lockedBy: null,
      nextAttemptAt,
    });
    expect(byId.get(exhausted.id)).toMatchObject({ status: "FAILED", attemptCount: 1, lockedBy: null });
    const attempts = await kysely()
      .selectFrom("WebhookAttempt")
      .selectAll()
      .where("endpointId", "=", endpoint.id)
      .execute();
    expect(attempts).toHaveLength(3);
    expect(attempts.find((attempt) => attempt.deliveryId === retry.id)).toMatchObject({
      attemptNumber: 1,
      succeeded: false,
      responseStatus: 500,
      responseBodyExcerpt: "oops",
      error: "HTTP 500",
      durationMs: 30,
      attemptedAt: new Date(NOW - 10),
    });
    // The endpoint's latest attempt failed: its failing run starts.
    expect(await failingSinceOf(endpoint.id)).not.toBeNull();
  });

  it("a success ends an endpoint's failing run; a failure keeps the run's start", async () => {
    const tenant = await createTenant(database.prisma);
    const since = new Date(NOW - 3_600_000);
    const recovering = await endpointOf(tenant, since);
    const stillFailing = await endpointOf(tenant, since);
    await recordAttempts(
      [
        failed(await claimed(tenant, recovering.id), new Date(NOW + 5_000), NOW - 50),
        succeeded(await claimed(tenant, recovering.id), NOW),
        failed(await claimed(tenant, stillFailing.id), new Date(NOW + 5_000)),
      ],
      WORKER,
    );
    expect(await failingSinceOf(recovering.id)).toBeNull();
    expect(await failingSinceOf(stillFailing.id)).toEqual(since);
  });

  it("leaves a delivery alone once another worker holds its claim, but keeps the attempt", async () => {
    const tenant = await createTenant(database.prisma);
    const endpoint = await endpointOf(tenant);
    const delivery = await claimed(tenant, endpoint.id, "worker-2");
    await recordAttempts([succeeded(delivery)], WORKER);
    expect(
      await kysely()
        .selectFrom("WebhookDelivery")
        .select(["status", "lockedBy"])
        .where("id", "=", delivery.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "PENDING", lockedBy: "worker-2" });
    const attempts = await kysely()
      .selectFrom("WebhookAttempt")
      .select("id")
      .where("deliveryId", "=", delivery.id)
      .execute();
    expect(attempts).toHaveLength(1);
  });
});
