import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ENVELOPE_SCHEMA_VERSION } from "@/lib/events/movement-envelope";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as acceptRoute } from "@/app/v1/operations/movement-requests/[requestId]/accept/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
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
  createInPool: createInPoolRoute,
  createWith3pl: createWith3plRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let ann: { id: string };

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

const at = (instant: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(instant) });

async function plannedRequest(originSiteId = world.sites.manchester.id) {
  const created = await createPoolRequest(world, {
    origin: { location: { type: "INTERNAL", siteId: originSiteId } },
  });
  await operateOk(world, "assign", created.id, { driverId: ann.id });
  return created;
}

describe("POST /v1/operations/movement-requests/{id}/collected", () => {
  it("collects the planned leg today at the origin: IN_PROGRESS, audited, movement.collected published", async () => {
    at("2026-06-15T10:30:00Z"); // 11:30 in Manchester (BST)
    const created = await plannedRequest();
    const body = await operateOk(world, "collected", created.id);
    expect(body.status).toBe("IN_PROGRESS");
    expect(body.provider).toMatchObject({ type: "DRIVER", id: ann.id });

    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg).toMatchObject({ status: "IN_PROGRESS", originActualOn: new Date("2026-06-15T00:00:00Z") });
    expect((await auditTrailOf(database.kysely, created.id)).at(-1)).toMatchObject({
      fromStatus: "PLANNED",
      toStatus: "IN_PROGRESS",
      actor: operationsActor(world),
    });

    const events = await publishedEventsOf(database.kysely, created.id);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.type).toBe("movement.collected");
    expect(event?.profileId).toBe(world.profile.id);
    expect(event?.parsed).toEqual({
      schemaVersion: ENVELOPE_SCHEMA_VERSION,
      eventId: event?.id,
      occurredAt: "2026-06-15T10:30:00.000Z",
      occurredAtLocal: "2026-06-15T11:30:00.000+01:00",
      reference: "stock-991",
      eventType: "movement.collected",
      movement: expect.objectContaining({
        id: leg?.id,
        movementRequestId: created.id,
        status: "IN_PROGRESS",
        vin: "WF0XXXGCDX1234567",
        originSiteId: world.sites.manchester.id,
        destinationSiteId: world.sites.leeds.id,
        originActualOn: "2026-06-15",
        driverName: "Ann Archer",
      }),
    });
    expect(event?.parsed.movement).not.toHaveProperty("destinationActualOn");
    expect(event?.parsed.movement).not.toHaveProperty("abortReason");
  });

  it("takes the given date", async () => {
    const created = await plannedRequest();
    await operateOk(world, "collected", created.id, { on: "2026-01-02" });
    const [event] = await publishedEventsOf(database.kysely, created.id, "movement.collected");
    expect(event?.parsed.movement.originActualOn).toBe("2026-01-02");
  });

  it("writes the origin's offset and date: Japan is already tomorrow", async () => {
    at("2026-06-15T23:30:00Z"); // 08:30 on the 16th in Yokohama
    const created = await plannedRequest(world.sites.yokohama.id);
    await operateOk(world, "collected", created.id);
    const [event] = await publishedEventsOf(database.kysely, created.id, "movement.collected");
    expect(event?.parsed.occurredAt).toBe("2026-06-15T23:30:00.000Z");
    expect(event?.parsed.occurredAtLocal).toBe("2026-06-16T08:30:00.000+09:00");
    expect(event?.parsed.movement.originActualOn).toBe("2026-06-16");
  });

  it("uses UTC for an origin whose zone cannot be resolved (US)", async () => {
    at("2026-06-15T23:30:00Z");
    const created = await plannedRequest(world.sites.dallas.id);
    await operateOk(world, "collected", created.id);
    const [event] = await publishedEventsOf(database.kysely, created.id, "movement.collected");
    expect(event?.parsed.occurredAtLocal).toBe("2026-06-15T23:30:00.000+00:00");
    expect(event?.parsed.movement.originActualOn).toBe("2026-06-15");
  });

  it("has no driverName when a 3PL carries the movement", async () => {
    const created = await create3plRequest(world);
    await operateOk(world, "accept", created.id);
    const body = await operateOk(world, "collected", created.id);
    expect(body.status).toBe("IN_PROGRESS");
    const [event] = await publishedEventsOf(database.kysely, created.id, "movement.collected");
    expect(event?.parsed.movement).not.toHaveProperty("driverName");
  });

  it("400 for a date in the future at the origin, or not a date; nothing changes", async () => {
    at("2026-06-15T10:30:00Z");
    const created = await plannedRequest();
    const before = await snapshotOf(database.kysely, created.id);
    for (const on of ["2026-06-16", "2026-02-30", "15/06/2026"]) {
      const { status, body } = await operate(world, "collected", created.id, { on });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ path: "on" }] });
    }
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });

  it("409 from CREATED (no carrier yet); nothing changes", async () => {
    const created = await createPoolRequest(world);
    const before = await snapshotOf(database.kysely, created.id);
    const { status, body } = await operate(world, "collected", created.id);
    expect(status).toBe(409);
    expect(body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });

  it("409 from SENT_TO_3PL before the 3PL accepts, and for a leg already collected", async () => {
    const sent = await create3plRequest(world);
    expect((await operate(world, "collected", sent.id)).status).toBe(409);

    const created = await plannedRequest();
    await operateOk(world, "collected", created.id);
    const before = await snapshotOf(database.kysely, created.id);
    const again = await operate(world, "collected", created.id, { legNumber: 1 });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });

  it("409 for a leg without a carrier, and for a leg whose earlier leg is not delivered", async () => {
    const request = await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      originSiteId: world.sites.manchester.id,
      destinationSiteId: world.sites.yokohama.id,
      status: "PARTIALLY_PLANNED",
      legs: [{ destinationSiteId: world.sites.leeds.id }, { driverId: ann.id, acceptedAt: new Date() }],
    });
    const before = await snapshotOf(database.kysely, request.id);
    const noCarrier = await operate(world, "collected", request.id, { legNumber: 1 });
    expect(noCarrier.status).toBe(409);
    expect(noCarrier.body.message).toMatch(/no carrier/);
    const outOfOrder = await operate(world, "collected", request.id);
    expect(outOfOrder.status).toBe(409);
    expect(outOfOrder.body.message).toMatch(/Leg 1 .* must be delivered before leg 2/);
    expect(await snapshotOf(database.kysely, request.id)).toEqual(before);
  });

  it("404 for another profile's request, 403 for an integration key", async () => {
    const foreign = await createPoolRequest(otherWorld);
    const notFound = await operate(world, "collected", foreign.id);
    expect(notFound.status).toBe(404);
    expect(notFound.body.code).toBe("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND");
    const own = await plannedRequest();
    const forbidden = await operate(world, "collected", own.id, undefined, world.integrationKey);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("FORBIDDEN");
  });
});
