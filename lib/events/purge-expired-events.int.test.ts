// The retention purge against a real database: exactly the expired events go, with their deliveries
// and attempts; everything else stays.
import { beforeAll, describe, expect, it } from "vitest";
import { purgeExpiredEvents } from "@/lib/events/purge-expired-events";
import { newId } from "@/lib/ids";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { countRows } from "@/test/count-rows";

const database = setupTestDatabase();

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-21T12:00:00.000Z");
const daysAgo = (days: number, extraMs = 0) => new Date(NOW.getTime() - days * DAY - extraMs);

let counter = 0;
async function insertEvent(tenant: Tenant, occurredAt: Date, published = true): Promise<string> {
  const id = newId();
  counter += 1;
  await database.kysely
    .insertInto("Event")
    .values({
      id,
      organisationId: tenant.organisation.id,
      profileId: tenant.profile.id,
      type: published ? "movement.delivered" : "movement_request.created",
      resourceType: "movement",
      resourceId: `resource-${counter}`,
      resourceVersion: 1,
      occurredAt,
      payload: {},
      envelope: published ? `{"eventId":"${id}"}` : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return id;
}

/** A delivery of the event to an endpoint of its profile, with one failed attempt. */
async function deliver(tenant: Tenant, eventId: string): Promise<string> {
  const endpoint = await database.kysely
    .insertInto("WebhookEndpoint")
    .values({
      id: newId(),
      organisationId: tenant.organisation.id,
      profileId: tenant.profile.id,
      url: "https://example.test/hook",
      eventTypes: [],
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const delivery = await database.kysely
    .insertInto("WebhookDelivery")
    .values({
      id: newId(),
      organisationId: endpoint.organisationId,
      endpointId: endpoint.id,
      eventId,
      status: "FAILED",
      attemptCount: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await database.kysely
    .insertInto("WebhookAttempt")
    .values({
      id: newId(),
      organisationId: endpoint.organisationId,
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      attemptNumber: 1,
      attemptedAt: NOW,
      durationMs: 12,
      responseStatus: 500,
      succeeded: false,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return delivery.id;
}

describe("purgeExpiredEvents", () => {
  let kept: string[];
  let expired: string[];
  let keptDelivery: string;
  let expiredDelivery: string;

  beforeAll(async () => {
    const free = await createTenant(database.prisma, { plan: "FREE" });
    const pro = await createTenant(database.prisma, { plan: "PRO" });
    kept = [
      await insertEvent(free, daysAgo(29)),
      await insertEvent(free, daysAgo(30)), // exactly at the cutoff: still retained
      await insertEvent(free, daysAgo(1), false),
      await insertEvent(pro, daysAgo(31)),
      await insertEvent(pro, daysAgo(89)),
      await insertEvent(pro, daysAgo(31), false),
    ];
    expired = [
      await insertEvent(free, daysAgo(30, 1)),
      await insertEvent(free, daysAgo(31)),
      await insertEvent(free, daysAgo(31), false),
      await insertEvent(free, daysAgo(400)),
      await insertEvent(pro, daysAgo(91)),
      await insertEvent(pro, daysAgo(91), false),
    ];
    keptDelivery = await deliver(pro, kept[3]!);
    expiredDelivery = await deliver(free, expired[1]!);
  });

  it("deletes exactly the events past their organisation's window, in batches, with their deliveries", async () => {
    const result = await purgeExpiredEvents(NOW, { batchSize: 2 });
    expect(result).toEqual({ deleted: expired.length });

    const remaining = await database.kysely.selectFrom("Event").select("id").execute();
    expect(remaining.map(({ id }) => id).sort()).toEqual([...kept].sort());

    expect(await database.kysely.selectFrom("WebhookDelivery").select("id").execute()).toEqual([
      { id: keptDelivery },
    ]);
    expect(
      await countRows(database.kysely, "WebhookAttempt", (query) =>
        query.where("deliveryId", "=", expiredDelivery),
      ),
    ).toBe(0);
    expect(
      await countRows(database.kysely, "WebhookAttempt", (query) =>
        query.where("deliveryId", "=", keptDelivery),
      ),
    ).toBe(1);
    // Endpoints are the profile's, not the event's: they stay.
    expect(await countRows(database.kysely, "WebhookEndpoint")).toBe(2);
  });

  it("has nothing left to delete on a second run", async () => {
    expect(await purgeExpiredEvents(NOW)).toEqual({ deleted: 0 });
  });
});
