import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { POST as createInPool } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createApiKey } from "@/prisma/factories/api-key";

const database = setupTestDatabase();
let world: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
});

function create(body: unknown, key: string, apiKey = world.integrationKey) {
  return callRoute(createInPool, {
    method: "POST",
    path: "/v1/movement-requests/create-in-planning-pool",
    apiKey,
    body,
    headers: { "idempotency-key": key },
  });
}

const countRequests = async () => {
  const { count } = await kysely()
    .selectFrom("MovementRequest")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("profileId", "=", world.profile.id)
    .executeTakeFirstOrThrow();
  return Number(count);
};

describe("Idempotency-Key", () => {
  it("returns the stored response for the same key and body, creating one request", async () => {
    const before = await countRequests();
    const first = await create(poolRequestBody(world), "key-same");
    const second = await create(poolRequestBody(world), "key-same");
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await countRequests()).toBe(before + 1);
  });

  it("refuses the same key with a different body: 409 IDEMPOTENCY_KEY_REUSED", async () => {
    await create(poolRequestBody(world), "key-reused");
    const response = await create(poolRequestBody(world, { notes: "something else" }), "key-reused");
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("replays a refusal by the domain as well", async () => {
    const body = poolRequestBody(world, {
      destination: { location: { type: "INTERNAL", siteId: "no-such-site" }, deliveryByDate: "2026-12-01" },
    });
    const first = await create(body, "key-refused");
    const second = await create(body, "key-refused");
    expect(first.status).toBe(404);
    expect(second.status).toBe(404);
    expect(await second.json()).toEqual(await first.json());
  });

  it("does not keep a request that failed validation, so the key can be used for the corrected one", async () => {
    const invalid = await create(poolRequestBody(world, { businessArea: "Nope" }), "key-corrected");
    expect(invalid.status).toBe(400);
    const valid = await create(poolRequestBody(world), "key-corrected");
    expect(valid.status).toBe(201);
  });

  it("keeps keys apart per API key", async () => {
    const other = await createApiKey(database.prisma, { profileId: world.profile.id });
    const before = await countRequests();
    expect((await create(poolRequestBody(world), "key-shared")).status).toBe(201);
    expect((await create(poolRequestBody(world), "key-shared", other.key)).status).toBe(201);
    expect(await countRequests()).toBe(before + 2);
  });

  it("creates one request when the same key arrives twice at once", async () => {
    const before = await countRequests();
    const responses = await Promise.all([
      create(poolRequestBody(world), "key-race"),
      create(poolRequestBody(world), "key-race"),
    ]);
    const statuses = responses.map((response) => response.status).sort();
    expect([
      [201, 201],
      [201, 409],
    ]).toContainEqual(statuses);
    expect(await countRequests()).toBe(before + 1);
  });

  it("stores the claim's times in UTC, and lets an abandoned or expired claim's key run again", async () => {
    const claimedAt = Date.now();
    // Claimed far from UTC: a time written as local wall-clock would be 12–13 hours off.
    const zone = process.env.TZ;
    process.env.TZ = "Pacific/Auckland";
    try {
      expect((await create(poolRequestBody(world), "key-abandoned")).status).toBe(201);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    const record = await kysely()
      .selectFrom("IdempotencyRecord")
      .selectAll()
      .where("key", "=", "key-abandoned")
      .executeTakeFirstOrThrow();
    expect(Math.abs(record.createdAt.getTime() - claimedAt)).toBeLessThan(60_000);
    expect(record.expiresAt.getTime() - record.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

    // A process died mid-request two minutes ago: the claim has no response and is taken over.
    await kysely()
      .updateTable("IdempotencyRecord")
      .set({ responseStatus: null, responseBody: null, createdAt: new Date(claimedAt - 120_000) })
      .where("id", "=", record.id)
      .execute();
    const before = await countRequests();
    const retried = await create(poolRequestBody(world), "key-abandoned");
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await countRequests()).toBe(before + 1);

    // After 24 hours the key is free again, even for another body.
    await kysely()
      .updateTable("IdempotencyRecord")
      .set({ expiresAt: new Date(claimedAt - 1_000) })
      .where("id", "=", record.id)
      .execute();
    const reused = await create(poolRequestBody(world, { notes: "a new request" }), "key-abandoned");
    expect(reused.status).toBe(201);
    expect(await countRequests()).toBe(before + 2);
  });

  it("refuses an over-long key", async () => {
    const response = await create(poolRequestBody(world), "k".repeat(256));
    expect(response.status).toBe(400);
  });
});
