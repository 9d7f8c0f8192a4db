// POST /v1/operations/movement-requests/{id}/positions (issue #35 §2): positions of the leg on the road,
// each leg's newest for the map; every refusal changes nothing.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { kysely } from "@/lib/db";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as positionsRoute } from "@/app/v1/operations/movement-requests/[requestId]/positions/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsActor, operationsApi } from "@/test/operations-test-kit";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const { createPoolRequest, operate, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  positions: positionsRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let driverId: string;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  driverId = (await createDriver(database.prisma, { organisationId: world.organisation.id })).id;
});

afterEach(() => {
  vi.useRealTimers();
});

const NOW = new Date();
const minutesFromNow = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const at = (latitude: number, longitude: number, minutes: number) => ({
  latitude,
  longitude,
  recordedAt: minutesFromNow(minutes),
});

async function requestOnTheRoad(target: MovementWorld = world, driver = driverId) {
  const created = await createPoolRequest(target);
  await operateOk(target, "assign", created.id, { driverId: driver });
  await operateOk(target, "collected", created.id);
  return created.id as string;
}

const postPositions = (requestId: string, body: unknown, target: MovementWorld = world) =>
  operate(target, "positions", requestId, body);

const positionsOf = (requestId: string) =>
  kysely()
    .selectFrom("VehiclePosition")
    .selectAll()
    .where("movementRequestId", "=", requestId)
    .orderBy("recordedAt")
    .execute();

const lastPositionOf = (requestId: string) =>
  kysely()
    .selectFrom("MovementLastPosition")
    .selectAll()
    .where("movementRequestId", "=", requestId)
    .executeTakeFirst();

describe("POST /v1/operations/movement-requests/{id}/positions", () => {
  it("stores the positions of the leg on the road and keeps its newest for the map: 202", async () => {
    const requestId = await requestOnTheRoad();
    const { status, body } = await postPositions(requestId, {
      positions: [{ ...at(53.5, -2.2, -2), accuracyMetres: 8 }, at(53.6, -2.0, -1), at(53.55, -2.1, -1.5)],
    });
    expect(status).toBe(202);
    expect(body).toEqual({ accepted: 3 });
    const stored = await positionsOf(requestId);
    expect(stored.map((row) => [row.latitude, row.longitude])).toEqual([
      [53.5, -2.2],
      [53.55, -2.1],
      [53.6, -2.0],
    ]);
    expect(stored[0]).toMatchObject({ accuracyMetres: 8, source: operationsActor(world) });
    const leg = await kysely()
      .selectFrom("Movement")
      .select("id")
      .where("movementRequestId", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(stored.every((row) => row.movementId === leg.id)).toBe(true);
    expect(await lastPositionOf(requestId)).toMatchObject({
      movementId: leg.id,
      latitude: 53.6,
      longitude: -2.0,
      recordedAt: new Date(minutesFromNow(-1)),
    });
  });

  it("stores nothing twice when a batch is sent again, and a late batch never moves the marker back", async () => {
    const requestId = await requestOnTheRoad();
    const batch = { positions: [at(53.5, -2.2, -3), at(53.6, -2.0, -2)] };
    expect((await postPositions(requestId, batch)).body).toEqual({ accepted: 2 });
    expect((await postPositions(requestId, batch)).body).toEqual({ accepted: 0 });
    expect(await positionsOf(requestId)).toHaveLength(2);

    const late = await postPositions(requestId, { positions: [at(53.4, -2.3, -10)] });
    expect(late.body).toEqual({ accepted: 1 });
    expect(await lastPositionOf(requestId)).toMatchObject({ latitude: 53.6, longitude: -2.0 });
  });

  it("accepts 500 positions in one call and refuses 501", async () => {
    const requestId = await requestOnTheRoad();
    const many = Array.from({ length: 500 }, (_, index) => at(53 + index / 1000, -2, -60 + index / 10));
    expect((await postPositions(requestId, { positions: many })).body).toEqual({ accepted: 500 });
    const tooMany = await postPositions(requestId, { positions: [...many, at(54, -2, 0)] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe("VALIDATION_ERROR");
    expect(await positionsOf(requestId)).toHaveLength(500);
  });

  it.each([
    ["a latitude out of range", { positions: [at(90.5, 0, -1)] }, "positions.0.latitude"],
    ["a longitude out of range", { positions: [at(50, -180.01, -1)] }, "positions.0.longitude"],
    ["a missing time", { positions: [{ latitude: 50, longitude: 0 }] }, "positions.0.recordedAt"],
    [
      "a time without an offset",
      { positions: [{ latitude: 50, longitude: 0, recordedAt: "2026-11-28T10:00:00" }] },
      "positions.0.recordedAt",
    ],
    [
      "a negative accuracy",
      { positions: [{ ...at(50, 0, -1), accuracyMetres: -1 }] },
      "positions.0.accuracyMetres",
    ],
    ["an unknown field", { positions: [{ ...at(50, 0, -1), speed: 3 }] }, "positions.0"],
  ])("400 for %s, and nothing of the call is stored", async (_case, body, path) => {
    const requestId = await requestOnTheRoad();
    const { status, body: problem } = await postPositions(requestId, {
      ...body,
      positions: [at(53.5, -2.2, -1), ...body.positions],
    });
    expect(status).toBe(400);
    expect(problem.code).toBe("VALIDATION_ERROR");
    // The valid position sent first moves the bad one to index 1.
    expect(JSON.stringify(problem.errors)).toContain(path.replace("positions.0", "positions.1"));
    expect(await positionsOf(requestId)).toHaveLength(0);
  });

  it("400 for a call with no positions", async () => {
    const requestId = await requestOnTheRoad();
    const { status, body } = await postPositions(requestId, { positions: [] });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ path: "positions", message: "Send at least one position" }]);
  });

  it("400 for a time more than 5 minutes ahead; 4 minutes ahead is a clock's drift, accepted", async () => {
    const requestId = await requestOnTheRoad();
    const ahead = await postPositions(requestId, { positions: [at(53.5, -2.2, -1), at(53.6, -2.1, 6)] });
    expect(ahead.status).toBe(400);
    expect(ahead.body.errors).toEqual([
      { path: "positions.1.recordedAt", message: "More than 5 minutes in the future" },
    ]);
    expect(await positionsOf(requestId)).toHaveLength(0);
    expect((await postPositions(requestId, { positions: [at(53.6, -2.1, 4)] })).status).toBe(202);
  });

  it("409 when no leg is on the road: before collection and after delivery", async () => {
    const created = await createPoolRequest(world);
    const before = await postPositions(created.id, { positions: [at(53.5, -2.2, -1)] });
    expect(before.status).toBe(409);
    expect(before.body.code).toBe("INVALID_STATUS_TRANSITION");

    const requestId = await requestOnTheRoad();
    await operateOk(world, "delivered", requestId);
    expect((await postPositions(requestId, { positions: [at(53.5, -2.2, -1)] })).status).toBe(409);
    expect(await positionsOf(created.id)).toHaveLength(0);
    expect(await positionsOf(requestId)).toHaveLength(0);
  });

  it("404 for another organisation's request, which is left untouched", async () => {
    const otherDriver = await createDriver(database.prisma, { organisationId: otherWorld.organisation.id });
    const theirs = await requestOnTheRoad(otherWorld, otherDriver.id);
    const { status, body } = await postPositions(theirs, { positions: [at(53.5, -2.2, -1)] });
    expect(status).toBe(404);
    expect(body.code).toBe("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND");
    expect(await positionsOf(theirs)).toHaveLength(0);
  });

  it("refuses an integration key (the operations scope only): 403", async () => {
    const requestId = await requestOnTheRoad();
    const { status } = await operate(
      world,
      "positions",
      requestId,
      { positions: [at(53.5, -2.2, -1)] },
      world.integrationKey,
    );
    expect(status).toBe(403);
    expect(await positionsOf(requestId)).toHaveLength(0);
  });
});
