import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getRequest } from "@/app/v1/movement-requests/[requestId]/route";
import { ENVELOPE_SCHEMA_VERSION } from "@/lib/events/movement-envelope";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as acceptRoute } from "@/app/v1/operations/movement-requests/[requestId]/accept/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as createWith3plRoute } from "@/app/v1/movement-requests/create-with-3pl/route";
import {
  auditTrailOf,
  legsOf,
  operationsActor,
  publishedEventsOf,
  snapshotOf,
  operationsApi,
} from "@/test/operations-test-kit";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest } from "@/prisma/factories";

const { create3plRequest, createPoolRequest, operate, operateOk } = operationsApi({
  assign: assignRoute,
  accept: acceptRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  createInPool: createInPoolRoute,
  createWith3pl: createWith3plRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let ann: { id: string };
let bob: { id: string };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  const organisationId = world.organisation.id;
  ann = await createDriver(database.prisma, { organisationId, firstname: "Ann", surname: "Archer" });
  bob = await createDriver(database.prisma, { organisationId, firstname: "Bob", surname: "Baker" });
});

afterEach(() => {
  vi.useRealTimers();
});

const at = (instant: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(instant) });
const destination = (siteId: string) => ({
  location: { type: "INTERNAL", siteId },
  deliveryByDate: "2026-12-01",
});

async function collectedRequest(destinationSiteId = world.sites.leeds.id) {
  const created = await createPoolRequest(world, { destination: destination(destinationSiteId) });
  await operateOk(world, "assign", created.id, { driverId: ann.id });
  await operateOk(world, "collected", created.id);
  return created;
}

describe("POST /v1/operations/movement-requests/{id}/delivered", () => {
  it("delivers the last leg: DELIVERED, completedOn, cost from the estimate, movement.delivered at the destination's offset", async () => {
    at("2026-06-15T23:30:00Z"); // 00:30 in Manchester, 08:30 on the 16th in Yokohama
    const created = await collectedRequest(world.sites.yokohama.id);
    vi.setSystemTime(new Date("2026-06-16T05:00:00Z")); // 14:00 in Yokohama
    const body = await operateOk(world, "delivered", created.id);
    expect(body.status).toBe("DELIVERED");
    expect(body.completedOn).toBe("2026-06-16T05:00:00.000Z");
    expect(body.estimatedCost).toBeDefined();
    expect(body.cost).toEqual(body.estimatedCost);

    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg).toMatchObject({
      status: "DELIVERED",
      originActualOn: new Date("2026-06-16T00:00:00Z"),
      destinationActualOn: new Date("2026-06-16T00:00:00Z"),
    });
    expect((await auditTrailOf(database.kysely, created.id)).at(-1)).toMatchObject({
      fromStatus: "IN_PROGRESS",
      toStatus: "DELIVERED",
      actor: operationsActor(world),
    });
    const [event] = await publishedEventsOf(database.kysely, created.id, "movement.delivered");
    expect(event?.parsed).toEqual({
      schemaVersion: ENVELOPE_SCHEMA_VERSION,
      eventId: event?.id,
      occurredAt: "2026-06-16T05:00:00.000Z",
      occurredAtLocal: "2026-06-16T14:00:00.000+09:00",
      reference: "stock-991",
      eventType: "movement.delivered",
      movement: expect.objectContaining({
        id: leg?.id,
        movementRequestId: created.id,
        status: "DELIVERED",
        destinationSiteId: world.sites.yokohama.id,
        destinationActualOn: "2026-06-16",
        driverName: "Ann Archer",
      }),
    });
    expect(event?.parsed.movement).not.toHaveProperty("originActualOn");

    // GET shows the same body.
    const response = await callRoute(getRequest, {
      path: `/v1/movement-requests/${created.id}`,
      apiKey: world.integrationKey,
      params: { requestId: created.id },
    });
    expect(await response.json()).toEqual(body);
  });

  it("takes the given date, but not one before the collection", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { driverId: ann.id });
    await operateOk(world, "collected", created.id, { on: "2026-01-10" });
    const before = await snapshotOf(database.kysely, created.id);
    const early = await operate(world, "delivered", created.id, { on: "2026-01-09" });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ path: "on" }] });
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
    await operateOk(world, "delivered", created.id, { on: "2026-01-11" });
    const [event] = await publishedEventsOf(database.kysely, created.id, "movement.delivered");
    expect(event?.parsed.movement.destinationActualOn).toBe("2026-01-11");
  });

  it("keeps the price a 3PL set at acceptance, and has no cost when there is no rate card", async () => {
    const priced = await create3plRequest(world);
    const accepted = await operateOk(world, "accept", priced.id);
    await operateOk(world, "collected", priced.id);
    const delivered = await operateOk(world, "delivered", priced.id);
    expect(delivered.cost).toEqual(accepted.cost);

    const unpriced = await create3plRequest(world, world.providers.noTransportedCard.id, {
      transportMethod: "TRANSPORTED",
    });
    await operateOk(world, "accept", unpriced.id);
    await operateOk(world, "collected", unpriced.id);
    const body = await operateOk(world, "delivered", unpriced.id);
    expect(body.status).toBe("DELIVERED");
    expect(body).not.toHaveProperty("cost");
  });

  it("409 from PLANNED (not collected), and after delivery; nothing changes", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { driverId: ann.id });
    const planned = await snapshotOf(database.kysely, created.id);
    const refused = await operate(world, "delivered", created.id);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await snapshotOf(database.kysely, created.id)).toEqual(planned);

    await operateOk(world, "collected", created.id);
    await operateOk(world, "delivered", created.id);
    const delivered = await snapshotOf(database.kysely, created.id);
    expect((await operate(world, "delivered", created.id)).status).toBe(409);
    expect(await snapshotOf(database.kysely, created.id)).toEqual(delivered);
  });

  it("404 for another profile's request, 403 for an integration key", async () => {
    const foreign = await createPoolRequest(otherWorld);
    expect((await operate(world, "delivered", foreign.id)).body.code).toBe(
      "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
    );
    const own = await collectedRequest();
    const forbidden = await operate(world, "delivered", own.id, undefined, world.integrationKey);
    expect(forbidden.status).toBe(403);
  });

  it("moves a linked inbound prep job to DELIVERED with the request", async () => {
    const created = await createPoolRequest(world, {
      vehicle: { vin: "WF0XXXGCDX7654321", externalVehicleId: "stock-7" },
      destination: destination(world.sites.prepCentre.id),
    });
    const job = await database.kysely
      .selectFrom("PrepJob")
      .innerJoin("MovementRequest", "MovementRequest.prepJobId", "PrepJob.id")
      .selectAll("PrepJob")
      .where("MovementRequest.id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ stage: "INBOUND", substage: "SCHEDULED" });
    await operateOk(world, "assign", created.id, { driverId: ann.id });
    await operateOk(world, "collected", created.id);
    await operateOk(world, "delivered", created.id);
    expect(
      await database.kysely
        .selectFrom("PrepJob")
        .selectAll()
        .where("id", "=", job.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({
      stage: "INBOUND",
      substage: "DELIVERED",
    });
  });
});

describe("a request of two legs (Manchester → Leeds → Yokohama)", () => {
  it("stays IN_PROGRESS with leg 1 delivered; leg 2's delivery delivers the request", async () => {
    at("2026-06-15T09:00:00Z");
    const request = await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      originSiteId: world.sites.manchester.id,
      destinationSiteId: world.sites.yokohama.id,
      externalVehicleId: "two-legs",
      estimatedCostCents: 12345,
      estimatedCostCurrency: "GBP",
      legs: [{ destinationSiteId: world.sites.leeds.id }, {}],
    });
    expect((await operateOk(world, "assign", request.id, { driverId: ann.id, legNumber: 1 })).status).toBe(
      "PARTIALLY_PLANNED",
    );
    expect((await operateOk(world, "collected", request.id)).status).toBe("IN_PROGRESS");
    const afterLeg1 = await operateOk(world, "delivered", request.id);
    expect(afterLeg1.status).toBe("IN_PROGRESS");
    expect(afterLeg1).not.toHaveProperty("completedOn");
    expect(afterLeg1).not.toHaveProperty("cost");
    // Leg 2 has no carrier yet: nothing to collect.
    expect((await operate(world, "collected", request.id)).status).toBe(409);
    // The remaining leg can still be planned while the request is under way; leg 1 cannot be re-planned.
    expect((await operate(world, "assign", request.id, { driverId: bob.id, legNumber: 1 })).status).toBe(409);
    const planned = await operateOk(world, "assign", request.id, { driverId: bob.id, legNumber: 2 });
    expect(planned.status).toBe("IN_PROGRESS");
    vi.setSystemTime(new Date("2026-06-16T01:00:00Z")); // 10:00 in Yokohama
    const collected2 = await operateOk(world, "collected", request.id);
    expect(collected2.status).toBe("IN_PROGRESS");
    expect(collected2.provider).toMatchObject({ type: "DRIVER", id: bob.id });
    const done = await operateOk(world, "delivered", request.id);
    expect(done.status).toBe("DELIVERED");
    expect(done.completedOn).toBe("2026-06-16T01:00:00.000Z");
    expect(done.cost).toEqual({ centAmount: 12345, currencyCode: "GBP" });

    const legs = await legsOf(database.kysely, request.id);
    expect(legs.map((leg) => leg.status)).toEqual(["DELIVERED", "DELIVERED"]);
    const events = await publishedEventsOf(database.kysely, request.id);
    expect(events.map((event) => [event.type, event.resourceId])).toEqual([
      ["movement.collected", legs[0]?.id],
      ["movement.delivered", legs[0]?.id],
      ["movement.collected", legs[1]?.id],
      ["movement.delivered", legs[1]?.id],
    ]);
    expect(events.map((event) => event.parsed.occurredAtLocal)).toEqual([
      "2026-06-15T10:00:00.000+01:00", // Manchester
      "2026-06-15T10:00:00.000+01:00", // Leeds
      "2026-06-16T02:00:00.000+01:00", // Leeds
      "2026-06-16T10:00:00.000+09:00", // Yokohama
    ]);
    expect(events.map((event) => event.parsed.movement.driverName)).toEqual([
      "Ann Archer",
      "Ann Archer",
      "Bob Baker",
      "Bob Baker",
    ]);
    expect(events.every((event) => event.parsed.reference === "two-legs")).toBe(true);
    expect(
      (await auditTrailOf(database.kysely, request.id)).map((entry) => [entry.fromStatus, entry.toStatus]),
    ).toEqual([
      [null, "CREATED"],
      ["CREATED", "PARTIALLY_PLANNED"],
      ["PARTIALLY_PLANNED", "IN_PROGRESS"],
      ["IN_PROGRESS", "DELIVERED"],
    ]);
  });

  it("delivers by legNumber only the leg in progress", async () => {
    const request = await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      originSiteId: world.sites.manchester.id,
      destinationSiteId: world.sites.yokohama.id,
      status: "PLANNED",
      legs: [
        { destinationSiteId: world.sites.leeds.id, driverId: ann.id, acceptedAt: new Date() },
        { driverId: bob.id, acceptedAt: new Date() },
      ],
    });
    await operateOk(world, "collected", request.id);
    const wrongLeg = await operate(world, "delivered", request.id, { legNumber: 2 });
    expect(wrongLeg.status).toBe(409);
    expect((await operateOk(world, "delivered", request.id, { legNumber: 1 })).status).toBe("IN_PROGRESS");
  });
});
