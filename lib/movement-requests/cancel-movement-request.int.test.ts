import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as cancel } from "@/app/v1/movement-requests/[requestId]/cancel/route";
import { apiKeyDisplayPrefix } from "@/lib/auth/api-key-secret";
import { ENVELOPE_SCHEMA_VERSION } from "@/lib/events/movement-envelope";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import {
  auditTrailOf,
  legsOf,
  publishedEventsOf,
  snapshotOf,
  operationsApi,
} from "@/test/operations-test-kit";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest } from "@/prisma/factories";

const { createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let ann: { id: string };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  ann = await createDriver(database.prisma, { organisationId: world.organisation.id });
});

afterEach(() => {
  vi.useRealTimers();
});

async function cancelRequest(requestId: string, apiKey = world.integrationKey) {
  const response = await callRoute(cancel, {
    method: "POST",
    path: `/v1/movement-requests/${requestId}/cancel`,
    apiKey,
    params: { requestId },
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any -- inspected loosely
}

describe("POST /v1/movement-requests/{requestId}/cancel", () => {
  it("cancels every open leg: CANCELLED, audited, one movement.cancelled per leg at its origin's offset", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T12:00:00Z") });
    const request = await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      originSiteId: world.sites.yokohama.id,
      destinationSiteId: world.sites.manchester.id,
      externalVehicleId: "stock-12",
      status: "PARTIALLY_PLANNED",
      legs: [{ destinationSiteId: world.sites.dallas.id, driverId: ann.id, acceptedAt: new Date() }, {}],
    });
    const { status, body } = await cancelRequest(request.id);
    expect(status).toBe(200);
    expect(body.status).toBe("CANCELLED");

    const legs = await legsOf(database.kysely, request.id);
    expect(legs.map((leg) => leg.status)).toEqual(["CANCELLED", "CANCELLED"]);
    expect((await auditTrailOf(database.kysely, request.id)).at(-1)).toMatchObject({
      fromStatus: "PARTIALLY_PLANNED",
      toStatus: "CANCELLED",
      actor: `api-key:${apiKeyDisplayPrefix(world.integrationKey)}`,
    });
    const events = await publishedEventsOf(database.kysely, request.id);
    expect(events.map((event) => [event.type, event.resourceId])).toEqual([
      ["movement.cancelled", legs[0]?.id],
      ["movement.cancelled", legs[1]?.id],
    ]);
    expect(events[0]?.parsed).toEqual({
      schemaVersion: ENVELOPE_SCHEMA_VERSION,
      eventId: events[0]?.id,
      occurredAt: "2026-03-02T12:00:00.000Z",
      occurredAtLocal: "2026-03-02T21:00:00.000+09:00", // leg 1 starts in Yokohama
      reference: "stock-12",
      eventType: "movement.cancelled",
      movement: expect.objectContaining({
        id: legs[0]?.id,
        movementRequestId: request.id,
        status: "CANCELLED",
      }),
    });
    expect(events[1]?.parsed.occurredAtLocal).toBe("2026-03-02T12:00:00.000+00:00"); // leg 2 starts in Dallas
  });

  it("409 after collection; nothing changes", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "assign", created.id, { driverId: ann.id });
    await operateOk(world, "collected", created.id);
    const before = await snapshotOf(database.kysely, created.id);
    const { status, body } = await cancelRequest(created.id as string);
    expect(status).toBe(409);
    expect(body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });

  it("404 for another profile's request, 403 for an operations key", async () => {
    const foreign = await createPoolRequest(otherWorld);
    expect((await cancelRequest(foreign.id as string)).status).toBe(404);
    const own = await createPoolRequest(world);
    const forbidden = await cancelRequest(own.id as string, world.operationsKey);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("FORBIDDEN");
  });
});
