import { beforeAll, describe, expect, it } from "vitest";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as acceptRoute } from "@/app/v1/operations/movement-requests/[requestId]/accept/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as createWith3plRoute } from "@/app/v1/movement-requests/create-with-3pl/route";
import { auditTrailOf, legsOf, operationsActor, snapshotOf, operationsApi } from "@/test/operations-test-kit";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const { create3plRequest, createPoolRequest, operate, operateOk } = operationsApi({
  assign: assignRoute,
  accept: acceptRoute,
  createInPool: createInPoolRoute,
  createWith3pl: createWith3plRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let noTrackingWorld: MovementWorld;
let ann: { id: string };
let bob: { id: string };
let cat: { id: string };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  noTrackingWorld = await createMovementWorld(database.prisma, { trackingEnabled: false });
  const organisationId = world.organisation.id;
  ann = await createDriver(database.prisma, { organisationId, firstname: "Ann", surname: "Archer" });
  bob = await createDriver(database.prisma, { organisationId, firstname: "Bob", surname: "Baker" });
  cat = await createDriver(database.prisma, { organisationId, firstname: "Cat", surname: "Cole" });
});

describe("accept by a 3PL", () => {
  it("ACCEPTED_SENT_TO_3PL: legs accepted, cost = the 3PL's estimate, trackingUrl appears, audited", async () => {
    const created = await create3plRequest(world);
    expect(created).not.toHaveProperty("trackingUrl");
    const body = await operateOk(world, "accept", created.id);
    expect(body.status).toBe("ACCEPTED_SENT_TO_3PL");
    expect(body.cost).toEqual(created.estimatedCost);
    expect(body.estimatedCost).toEqual(created.estimatedCost);
    expect(body.trackingUrl).toMatch(/\/track\/[A-Za-z0-9_-]{32}$/);
    expect(body.provider).toMatchObject({
      type: "THIRD_PARTY_LOGISTICS",
      id: world.providers.fullService.id,
    });
    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg?.acceptedAt).toBeInstanceOf(Date);
    expect(leg?.status).toBe("OPEN");
    expect((await auditTrailOf(database.kysely, created.id)).at(-1)).toMatchObject({
      fromStatus: "SENT_TO_3PL",
      toStatus: "ACCEPTED_SENT_TO_3PL",
      actor: operationsActor(world),
    });
  });

  it("leaves cost absent when the 3PL has no rate card for the method", async () => {
    const created = await create3plRequest(world, world.providers.noTransportedCard.id, {
      transportMethod: "TRANSPORTED",
    });
    const body = await operateOk(world, "accept", created.id);
    expect(body.status).toBe("ACCEPTED_SENT_TO_3PL");
    expect(body).not.toHaveProperty("cost");
    expect(body).not.toHaveProperty("estimatedCost");
  });

  it("keeps the pool request's tracking record when a dispatched pool request is accepted", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, {
      thirdPartyLogisticsProviderId: world.providers.fullService.id,
    });
    const body = await operateOk(world, "accept", created.id);
    expect(body.trackingUrl).toBe(created.trackingUrl);
  });

  it("never shows trackingUrl for an organisation with tracking disabled, and creates no record", async () => {
    const created = await create3plRequest(noTrackingWorld, noTrackingWorld.providers.fullService.id);
    const response = await operate(noTrackingWorld, "accept", created.id);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("ACCEPTED_SENT_TO_3PL");
    expect(response.body).not.toHaveProperty("trackingUrl");
    const stored = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(stored.trackingToken).toBeNull();
  });

  it("409 when accepted twice; nothing changes", async () => {
    const created = await create3plRequest(world);
    await operateOk(world, "accept", created.id);
    const before = await snapshotOf(database.kysely, created.id);
    const { status, body } = await operate(world, "accept", created.id);
    expect(status).toBe(409);
    expect(body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });

  it("400 for a driverId on a 3PL's acceptance; nothing changes", async () => {
    const created = await create3plRequest(world);
    const before = await snapshotOf(database.kysely, created.id);
    const { status, body } = await operate(world, "accept", created.id, { driverId: ann.id });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ path: "driverId" }] });
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });

  it("accepts an empty JSON object as well as no body", async () => {
    const created = await create3plRequest(world);
    expect((await operate(world, "accept", created.id, {})).status).toBe(200);
  });
});

describe("accept by the planning team", () => {
  it("CREATED → ACCEPTED, no carrier and no price yet", async () => {
    const created = await createPoolRequest(world);
    const body = await operateOk(world, "accept", created.id);
    expect(body.status).toBe("ACCEPTED");
    expect(body).not.toHaveProperty("cost");
    expect(body).not.toHaveProperty("provider");
    expect((await legsOf(database.kysely, created.id))[0]?.acceptedAt).toBeNull();
    // The planning team then plans it.
    expect((await operateOk(world, "assign", created.id, { driverId: ann.id })).status).toBe("PLANNED");
  });
});

describe("accept by a driver", () => {
  it("SENT_TO_DRIVER → ACCEPTED_SENT_TO_DRIVER, the offered driver's leg accepted", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { offerToDriverId: bob.id });
    const wrong = await operate(world, "accept", created.id, { driverId: ann.id });
    expect(wrong.status).toBe(409);
    const body = await operateOk(world, "accept", created.id, { driverId: bob.id });
    expect(body.status).toBe("ACCEPTED_SENT_TO_DRIVER");
    expect(body.provider).toMatchObject({ type: "DRIVER", id: bob.id });
    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg).toMatchObject({ driverId: bob.id });
    expect(leg?.acceptedAt).toBeInstanceOf(Date);
  });

  it("multiple drivers: driverId required, only an offered driver, and the first to accept wins", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { driverIds: [ann.id, bob.id] });

    const missing = await operate(world, "accept", created.id);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ path: "driverId" }] });
    const notOffered = await operate(world, "accept", created.id, { driverId: cat.id });
    expect(notOffered.status).toBe(409);
    const unknown = await operate(world, "accept", created.id, { driverId: "01J00000000000000000000000" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("DRIVER_NOT_FOUND");

    const first = await operateOk(world, "accept", created.id, { driverId: bob.id });
    expect(first.status).toBe("ACCEPTED_SENT_TO_DRIVER");
    expect(first.provider).toMatchObject({ type: "DRIVER", id: bob.id, firstname: "Bob", surname: "Baker" });
    const before = await snapshotOf(database.kysely, created.id);
    const second = await operate(world, "accept", created.id, { driverId: ann.id });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });

  it("concurrent acceptances: exactly one driver wins", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { driverIds: [ann.id, bob.id, cat.id] });
    const results = await Promise.all(
      [ann, bob, cat].map((driver) => operate(world, "accept", created.id, { driverId: driver.id })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((result) => result.status === 200)?.body.provider?.id;
    expect((await legsOf(database.kysely, created.id))[0]?.driverId).toBe(winner);
  });
});
