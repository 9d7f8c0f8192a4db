import { beforeAll, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/v1/webhooks/endpoints/route";
import { PATCH as patchRoute } from "@/app/v1/webhooks/endpoints/[id]/route";
import { GET as attemptsRoute } from "@/app/v1/webhooks/endpoints/[id]/attempts/route";
import { POST as replayRoute } from "@/app/v1/webhooks/endpoints/[id]/replay/route";
import { callRoute } from "@/test/call-route";
import { createTenant, type Tenant } from "@/test/tenant";
import { setupTestDatabase } from "@/test/test-database";
import { transaction } from "@/lib/db";
import { recordEvent, type NewEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import { seedDeliveryWithAttempts, seedWebhookEvent } from "@/test/webhook-rows";
import { countRows } from "@/test/count-rows";

const database = setupTestDatabase();

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are compared loosely
type Body = Record<string, any>;

const HOUR = 3_600_000;
// Five days ago at noon UTC: inside every plan's replay window (an endpoint's replay keeps to it).
const BASE = new Date(Math.floor(Date.now() / (24 * HOUR) - 5) * 24 * HOUR + 12 * HOUR);
const at = (hours: number) => new Date(BASE.getTime() + hours * HOUR);

async function createEndpoint(tenant: Tenant, body: Body = {}): Promise<Body> {
  const response = await callRoute(createRoute, {
    method: "POST",
    path: "/v1/webhooks/endpoints",
    apiKey: tenant.integrationKey,
    body: { url: "https://93.184.215.14/hook", ...body },
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Body;
}

async function attempts(tenant: Tenant, id: string, query = "") {
  const response = await callRoute(attemptsRoute, {
    path: `/v1/webhooks/endpoints/${id}/attempts${query}`,
    apiKey: tenant.integrationKey,
    params: { id },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

async function replay(tenant: Tenant, id: string, body: unknown) {
  const response = await callRoute(replayRoute, {
    method: "POST",
    path: `/v1/webhooks/endpoints/${id}/replay`,
    apiKey: tenant.integrationKey,
    params: { id },
    body,
  });
  return { status: response.status, body: (await response.json()) as Body };
}

describe("GET /v1/webhooks/endpoints/{id}/attempts", () => {
  let tenant: Tenant;
  let endpoint: Body;
  /** Every seeded attempt id, newest first (attemptedAt desc, id desc). */
  let expectedOrder: string[];

  beforeAll(async () => {
    tenant = await createTenant(database.prisma);
    endpoint = await createEndpoint(tenant);
    const otherEndpoint = await createEndpoint(tenant);
    const collected = await seedWebhookEvent(database.kysely, tenant, {
      type: "movement.collected",
      occurredAt: at(0),
    });
    const delivered = await seedWebhookEvent(database.kysely, tenant, {
      type: "movement.delivered",
      occurredAt: at(1),
    });
    // 7 attempts, two of them at the very same instant (the id breaks the tie).
    const first = await seedDeliveryWithAttempts(database.kysely, {
      endpointId: endpoint.id,
      eventId: collected.id,
      attemptedAt: [at(0), at(0.5), at(2), at(2)],
    });
    const second = await seedDeliveryWithAttempts(database.kysely, {
      endpointId: endpoint.id,
      eventId: delivered.id,
      attemptedAt: [at(1), at(3), at(4)],
    });
    // Another endpoint's attempts never show.
    await seedDeliveryWithAttempts(database.kysely, {
      endpointId: otherEndpoint.id,
      eventId: collected.id,
      attemptedAt: [at(5)],
    });
    expectedOrder = [...first.attempts, ...second.attempts]
      .sort((a, b) => b.attemptedAt.getTime() - a.attemptedAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((attempt) => attempt.id);
  });

  it("lists the attempts newest first, with their delivery and event", async () => {
    const { status, body } = await attempts(tenant, endpoint.id);
    expect(status).toBe(200);
    expect(body.nextCursor).toBeNull();
    expect(body.data.map((attempt: Body) => attempt.id)).toEqual(expectedOrder);
    const newest = body.data[0];
    expect(newest).toEqual({
      id: expectedOrder[0],
      deliveryId: expect.any(String),
      eventId: expect.any(String),
      eventType: "movement.delivered",
      attemptNumber: 3,
      attemptedAt: at(4).toISOString(),
      durationMs: 102,
      responseStatus: 500,
      responseBodyExcerpt: "Internal Server Error",
      error: "HTTP 500",
      succeeded: false,
    });
    const withoutResponse = body.data.find((attempt: Body) => attempt.responseStatus === null);
    expect(withoutResponse).toMatchObject({
      responseBodyExcerpt: null,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it("pages through with the cursor, without gaps or repeats", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const { status, body } = await attempts(tenant, endpoint.id, query);
      expect(status).toBe(200);
      expect(body.data.length).toBeLessThanOrEqual(2);
      seen.push(...body.data.map((attempt: Body) => attempt.id));
      cursor = body.nextCursor as string | null;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual(expectedOrder);
  });

  it("gives a null nextCursor when the last page is exactly full", async () => {
    const { body } = await attempts(tenant, endpoint.id, "?limit=7");
    expect(body.data).toHaveLength(7);
    expect(body.nextCursor).toBeNull();
  });

  it("is empty for an endpoint without attempts", async () => {
    const fresh = await createEndpoint(tenant);
    expect((await attempts(tenant, fresh.id)).body).toEqual({ data: [], nextCursor: null });
  });

  it.each(["?limit=0", "?limit=251", "?limit=ten", "?limit=-1", "?limit=1.5", "?cursor=nonsense", "?page=2"])(
    "refuses %s with 400 VALIDATION_ERROR",
    async (query) => {
      const { status, body } = await attempts(tenant, endpoint.id, query);
      expect(status).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    },
  );
});

describe("POST /v1/webhooks/endpoints/{id}/replay", () => {
  let tenant: Tenant;

  beforeAll(async () => {
    tenant = await createTenant(database.prisma);
    const other = await createTenant(database.prisma);
    for (const [type, hours] of [
      ["movement.collected", 0],
      ["movement.delivered", 1],
      ["movement.cancelled", 2],
      ["movement.aborted", 3],
      ["movement.collected", 4],
    ] as const) {
      await seedWebhookEvent(database.kysely, tenant, { type, occurredAt: at(hours) });
    }
    // Not webhook events (no envelope), and another profile's event: never replayed.
    await seedWebhookEvent(database.kysely, tenant, {
      type: "prep_job.stage_changed",
      occurredAt: at(2),
      envelope: null,
    });
    await seedWebhookEvent(database.kysely, other, { type: "movement.collected", occurredAt: at(2) });
  });

  async function deliveriesOf(endpointId: string) {
    const deliveries = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("endpointId", "=", endpointId)
      .orderBy("id")
      .execute();
    return Promise.all(
      deliveries.map(async (delivery) => ({
        ...delivery,
        event: await database.kysely
          .selectFrom("Event")
          .selectAll()
          .where("id", "=", delivery.eventId)
          .executeTakeFirstOrThrow(),
      })),
    );
  }

  it("queues every event since the instant, oldest first, due now: 202 with the count", async () => {
    const endpoint = await createEndpoint(tenant);
    const before = Date.now();
    const { status, body } = await replay(tenant, endpoint.id, { since: at(0).toISOString() });
    expect(status).toBe(202);
    expect(body).toEqual({ replayed: 5 });
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries.map((delivery) => delivery.event.occurredAt)).toEqual([
      at(0),
      at(1),
      at(2),
      at(3),
      at(4),
    ]);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: "PENDING", attemptCount: 0 });
      expect(delivery.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(delivery.event.profileId).toBe(tenant.profile.id);
    }
  });

  it("takes only events at or after since", async () => {
    const endpoint = await createEndpoint(tenant);
    expect((await replay(tenant, endpoint.id, { since: at(2).toISOString() })).body).toEqual({ replayed: 3 });
    const later = await createEndpoint(tenant);
    const justAfter = new Date(at(2).getTime() + 1).toISOString();
    expect((await replay(tenant, later.id, { since: justAfter })).body).toEqual({ replayed: 2 });
  });

  it("accepts an offset instant, and a since before anything kept", async () => {
    const endpoint = await createEndpoint(tenant);
    // 14:00 at +02:00 on BASE's day is at(0).
    const offsetSince = `${BASE.toISOString().slice(0, 10)}T14:00:00+02:00`;
    expect((await replay(tenant, endpoint.id, { since: offsetSince })).body).toEqual({
      replayed: 5,
    });
    const another = await createEndpoint(tenant);
    expect((await replay(tenant, another.id, { since: "2000-01-01T00:00:00Z" })).body).toEqual({
      replayed: 5,
    });
    expect((await replay(tenant, another.id, { since: "2099-01-01T00:00:00Z" })).body).toEqual({
      replayed: 0,
    });
  });

  it("takes only the endpoint's event types", async () => {
    const endpoint = await createEndpoint(tenant, { eventTypes: ["movement.collected", "movement.aborted"] });
    expect((await replay(tenant, endpoint.id, { since: at(0).toISOString() })).body).toEqual({ replayed: 3 });
    const types = (await deliveriesOf(endpoint.id)).map((delivery) => delivery.event.type);
    expect(types).toEqual(["movement.collected", "movement.aborted", "movement.collected"]);
  });

  it("does not queue an event twice while it still waits for delivery", async () => {
    const endpoint = await createEndpoint(tenant);
    expect((await replay(tenant, endpoint.id, { since: at(0).toISOString() })).body.replayed).toBe(5);
    expect((await replay(tenant, endpoint.id, { since: at(0).toISOString() })).body.replayed).toBe(0);
    await database.kysely
      .updateTable("WebhookDelivery")
      .set({ status: "SUCCEEDED", succeededAt: new Date() })
      .where("endpointId", "=", endpoint.id)
      .execute();
    expect((await replay(tenant, endpoint.id, { since: at(3).toISOString() })).body.replayed).toBe(2);
  });

  it("queues for a disabled endpoint too (they wait until it is enabled)", async () => {
    const endpoint = await createEndpoint(tenant);
    await callRoute(patchRoute, {
      method: "PATCH",
      path: `/v1/webhooks/endpoints/${endpoint.id}`,
      apiKey: tenant.integrationKey,
      params: { id: endpoint.id },
      body: { enabled: false },
    });
    expect((await replay(tenant, endpoint.id, { since: at(0).toISOString() })).body.replayed).toBe(5);
  });

  it.each([
    {},
    { since: "yesterday" },
    { since: "2026-11-20" },
    { since: "2026-11-20T12:00:00" },
    { since: at(0), x: 1 },
  ])("refuses the body %j with 400 VALIDATION_ERROR", async (body) => {
    const endpoint = await createEndpoint(tenant);
    const { status, body: problem } = await replay(tenant, endpoint.id, body);
    expect(status).toBe(400);
    expect(problem.code).toBe("VALIDATION_ERROR");
  });
});

describe("recordEvent's fan-out to webhook endpoints", () => {
  const newEvent = (tenant: Tenant, input: { type: string; envelope?: string }): NewEvent => ({
    organisationId: tenant.organisation.id,
    profileId: tenant.profile.id,
    type: input.type,
    resourceType: "movement",
    resourceId: newId(),
    resourceVersion: 1,
    occurredAt: at(0),
    payload: { status: "COLLECTED", legs: [1, 2] },
    envelope: input.envelope,
  });

  it("writes the event and one PENDING delivery per subscribed endpoint of the profile, disabled ones included", async () => {
    const tenant = await createTenant(database.prisma);
    const other = await createTenant(database.prisma);
    const all = await createEndpoint(tenant);
    const collectedOnly = await createEndpoint(tenant, { eventTypes: ["movement.collected"] });
    const deliveredOnly = await createEndpoint(tenant, { eventTypes: ["movement.delivered"] });
    const disabled = await createEndpoint(tenant, { eventTypes: ["movement.collected", "movement.aborted"] });
    await database.kysely
      .updateTable("WebhookEndpoint")
      .set({ enabled: false, disabledAt: new Date(), disabledReason: "test" })
      .where("id", "=", disabled.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await createEndpoint(other);

    const input = newEvent(tenant, {
      type: "movement.collected",
      envelope: '{"eventType":"movement.collected"}',
    });
    const before = Date.now();
    const eventId = await transaction((tx) => recordEvent(tx, input));

    const { envelope, payload, occurredAt, resourceId } = input;
    expect(
      await database.kysely
        .selectFrom("Event")
        .selectAll()
        .where("id", "=", eventId)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      organisationId: tenant.organisation.id,
      profileId: tenant.profile.id,
      type: "movement.collected",
      resourceType: "movement",
      resourceId,
      resourceVersion: 1,
      occurredAt,
      payload,
      envelope,
    });
    const deliveries = await database.kysely
      .selectFrom("WebhookDelivery")
      .selectAll()
      .where("eventId", "=", eventId)
      .execute();
    expect(deliveries.map((delivery) => delivery.endpointId).sort()).toEqual(
      [all.id, collectedOnly.id, disabled.id].sort(),
    );
    expect(deliveries.map((delivery) => delivery.endpointId)).not.toContain(deliveredOnly.id);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: "PENDING", attemptCount: 0, lockedUntil: null });
      expect(delivery.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(delivery.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it("delivers nothing of an internal event (no envelope) or to a profile without endpoints", async () => {
    const withEndpoint = await createTenant(database.prisma);
    await createEndpoint(withEndpoint);
    const internal = await transaction((tx) =>
      recordEvent(tx, newEvent(withEndpoint, { type: "prep_job.stage_changed" })),
    );
    const withoutEndpoints = await createTenant(database.prisma);
    const unsubscribed = await transaction((tx) =>
      recordEvent(tx, newEvent(withoutEndpoints, { type: "movement.aborted", envelope: "{}" })),
    );
    expect(
      await countRows(database.kysely, "WebhookDelivery", (query) =>
        query.where("eventId", "in", [internal, unsubscribed]),
      ),
    ).toBe(0);
  });

  it("rolls back with the change's transaction: no event, no delivery", async () => {
    const tenant = await createTenant(database.prisma);
    await createEndpoint(tenant);
    let eventId = "";
    await expect(
      transaction(async (tx) => {
        eventId = await recordEvent(tx, newEvent(tenant, { type: "movement.aborted", envelope: "{}" }));
        expect(await countRows(tx, "WebhookDelivery", (query) => query.where("eventId", "=", eventId))).toBe(
          1,
        );
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await countRows(database.kysely, "Event", (query) => query.where("id", "=", eventId))).toBe(0);
    expect(
      await countRows(database.kysely, "WebhookDelivery", (query) => query.where("eventId", "=", eventId)),
    ).toBe(0);
  });
});
