import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ENVELOPE_SCHEMA_VERSION } from "@/lib/events/movement-envelope";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as acceptRoute } from "@/app/v1/operations/movement-requests/[requestId]/accept/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as abortedRoute } from "@/app/v1/operations/movement-requests/[requestId]/aborted/route";
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
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest } from "@/prisma/factories";

const { create3plRequest, createPoolRequest, operate, operateOk } = operationsApi({
  assign: assignRoute,
  accept: acceptRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  aborted: abortedRoute,
  createInPool: createInPoolRoute,
  createWith3pl: createWith3plRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let ann: { id: string };

const DETAIL = "Gate locked, site manager unreachable — call Dave on 07700 900123";

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  ann = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    firstname: "Ann",
    surname: "Archer",
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("POST /v1/operations/movement-requests/{id}/aborted", () => {
  it("aborts a collected 3PL movement: ABORTED, reason and detail stored, only the reason published", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-01-20T15:45:00Z") });
    const created = await create3plRequest(world, world.providers.fullService.id, {
      origin: { location: { type: "INTERNAL", siteId: world.sites.yokohama.id } },
    });
    await operateOk(world, "accept", created.id);
    await operateOk(world, "collected", created.id);
    const body = await operateOk(world, "aborted", created.id, { reason: "NotReady", detail: DETAIL });
    expect(body.status).toBe("ABORTED");

    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg).toMatchObject({ status: "ABORTED", abortReason: "NotReady", abortDetail: DETAIL });
    expect((await auditTrailOf(database.kysely, created.id)).at(-1)).toMatchObject({
      fromStatus: "IN_PROGRESS",
      toStatus: "ABORTED",
      actor: operationsActor(world),
      reason: "NotReady",
    });
    const [event] = await publishedEventsOf(database.kysely, created.id, "movement.aborted");
    expect(event?.parsed).toEqual({
      schemaVersion: ENVELOPE_SCHEMA_VERSION,
      eventId: event?.id,
      occurredAt: "2026-01-20T15:45:00.000Z",
      occurredAtLocal: "2026-01-21T00:45:00.000+09:00", // the origin: Yokohama
      reference: "stock-991",
      eventType: "movement.aborted",
      movement: expect.objectContaining({
        id: leg?.id,
        movementRequestId: created.id,
        status: "ABORTED",
        abortReason: "NotReady",
      }),
    });
    expect(event?.parsed.movement).not.toHaveProperty("driverName");
    expect(event?.parsed.movement).not.toHaveProperty("abortDetail");
    expect(event?.envelope).not.toContain("Gate locked");
    expect(JSON.stringify(event?.payload)).not.toContain("Gate locked");
    expect(JSON.stringify(body)).not.toContain("Gate locked");
  });

  it("aborts a planned request before collection: every open leg publishes movement.aborted", async () => {
    const request = await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      originSiteId: world.sites.manchester.id,
      destinationSiteId: world.sites.yokohama.id,
      status: "PLANNED",
      legs: [
        { destinationSiteId: world.sites.leeds.id, driverId: ann.id, acceptedAt: new Date() },
        { driverId: ann.id, acceptedAt: new Date() },
      ],
    });
    await operateOk(world, "aborted", request.id, { reason: "NeedsDifferentTransportMethod" });
    const legs = await legsOf(database.kysely, request.id);
    expect(legs.map((leg) => [leg.status, leg.abortReason, leg.abortDetail])).toEqual([
      ["ABORTED", "NeedsDifferentTransportMethod", null],
      ["ABORTED", "NeedsDifferentTransportMethod", null],
    ]);
    const events = await publishedEventsOf(database.kysely, request.id);
    expect(events.map((event) => [event.type, event.resourceId])).toEqual([
      ["movement.aborted", legs[0]?.id],
      ["movement.aborted", legs[1]?.id],
    ]);
    expect(events.map((event) => event.parsed.movement.driverName)).toEqual(["Ann Archer", "Ann Archer"]);
  });

  it("leaves a delivered leg delivered", async () => {
    const request = await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      originSiteId: world.sites.manchester.id,
      destinationSiteId: world.sites.yokohama.id,
      status: "PLANNED",
      legs: [
        { destinationSiteId: world.sites.leeds.id, driverId: ann.id, acceptedAt: new Date() },
        { driverId: ann.id, acceptedAt: new Date() },
      ],
    });
    await operateOk(world, "collected", request.id);
    await operateOk(world, "delivered", request.id);
    await operateOk(world, "aborted", request.id, { reason: "Other", detail: "Ship cancelled" });
    const legs = await legsOf(database.kysely, request.id);
    expect(legs.map((leg) => leg.status)).toEqual(["DELIVERED", "ABORTED"]);
    expect(
      (await publishedEventsOf(database.kysely, request.id, "movement.aborted")).map((e) => e.resourceId),
    ).toEqual([legs[1]?.id]);
  });

  it("409 from CREATED (no carrier) and after delivery; nothing changes", async () => {
    const created = await createPoolRequest(world);
    const before = await snapshotOf(database.kysely, created.id);
    const refused = await operate(world, "aborted", created.id, { reason: "NotOnSite" });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);

    await operateOk(world, "assign", created.id, { driverId: ann.id });
    await operateOk(world, "collected", created.id);
    await operateOk(world, "delivered", created.id);
    const delivered = await snapshotOf(database.kysely, created.id);
    expect((await operate(world, "aborted", created.id, { reason: "NotOnSite" })).status).toBe(409);
    expect(await snapshotOf(database.kysely, created.id)).toEqual(delivered);
  });

  it.each([
    [{}, "reason"],
    [{ reason: "Weather" }, "reason"],
    [{ reason: "Other", detail: "d".repeat(1025) }, "detail"],
    [{ reason: "Other", abortDetail: "x" }, ""],
  ])("400 VALIDATION_ERROR for %o", async (requestBody, path) => {
    const created = await create3plRequest(world);
    const { status, body } = await operate(world, "aborted", created.id, requestBody);
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it("accepts a detail of exactly 1024 characters", async () => {
    const created = await create3plRequest(world);
    const { status } = await operate(world, "aborted", created.id, {
      reason: "Other",
      detail: "🚗".repeat(1024),
    });
    expect(status).toBe(200);
  });

  it("sends a linked inbound prep job back to waiting for a movement", async () => {
    const created = await createPoolRequest(world, {
      vehicle: { vin: "WF0XXXGCDX7654321" },
      destination: {
        location: { type: "INTERNAL", siteId: world.sites.prepCentre.id },
        deliveryByDate: "2026-12-01",
      },
    });
    await operateOk(world, "assign", created.id, { driverId: ann.id });
    await operateOk(world, "collected", created.id);
    await operateOk(world, "aborted", created.id, { reason: "NotOnSite" });
    const job = await database.kysely
      .selectFrom("PrepJob")
      .innerJoin("MovementRequest", "MovementRequest.prepJobId", "PrepJob.id")
      .selectAll("PrepJob")
      .where("MovementRequest.id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ stage: "INBOUND", substage: "PENDING_MOVEMENT_REQUEST" });
  });

  it("404 for another profile's request, 403 for an integration key", async () => {
    const foreign = await create3plRequest(otherWorld, otherWorld.providers.fullService.id);
    const notFound = await operate(world, "aborted", foreign.id, { reason: "NotOnSite" });
    expect(notFound.status).toBe(404);
    expect(notFound.body.code).toBe("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND");
    const own = await create3plRequest(world);
    const forbidden = await operate(world, "aborted", own.id, { reason: "NotOnSite" }, world.integrationKey);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("FORBIDDEN");
  });
});
