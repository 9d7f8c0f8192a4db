// Positions go POSITION_RETENTION_DAYS after their leg left the road, in bounded batches; a leg still on
// the road, or off it for less, keeps them.
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { purgeExpiredPositions } from "@/lib/positions/purge-expired-positions";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as positionsRoute } from "@/app/v1/operations/movement-requests/[requestId]/positions/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
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
let driverId: string;
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  driverId = (await createDriver(database.prisma, { organisationId: world.organisation.id })).id;
});

/** A request whose leg reported two positions; delivered unless `onTheRoad`. */
async function requestWithPositions(onTheRoad = false) {
  const created = await createPoolRequest(world);
  await operateOk(world, "assign", created.id, { driverId });
  await operateOk(world, "collected", created.id);
  const recordedAt = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const posted = await operate(world, "positions", created.id, {
    positions: [
      { latitude: 53.5, longitude: -2.2, recordedAt: recordedAt(2) },
      { latitude: 53.6, longitude: -2.1, recordedAt: recordedAt(1) },
    ],
  });
  expect(posted.status).toBe(202);
  if (!onTheRoad) await operateOk(world, "delivered", created.id);
  return created.id as string;
}

const countsOf = async (requestId: string) => {
  const [positions, last] = await Promise.all([
    kysely()
      .selectFrom("VehiclePosition")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("movementRequestId", "=", requestId)
      .executeTakeFirstOrThrow(),
    kysely()
      .selectFrom("MovementLastPosition")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("movementRequestId", "=", requestId)
      .executeTakeFirstOrThrow(),
  ]);
  return { positions: Number(positions.n), last: Number(last.n) };
};

describe("purgeExpiredPositions", () => {
  it("deletes a delivered leg's positions once the retention has passed, and nothing earlier", async () => {
    const delivered = await requestWithPositions();
    const onTheRoad = await requestWithPositions(true);

    const justBefore = new Date(Date.now() + 30 * DAY_MS - 60_000);
    expect(await purgeExpiredPositions(justBefore, { retentionDays: 30 })).toEqual({ legs: 0, positions: 0 });
    expect(await countsOf(delivered)).toEqual({ positions: 2, last: 1 });

    const after = new Date(Date.now() + 30 * DAY_MS + 60_000);
    expect(await purgeExpiredPositions(after, { retentionDays: 30 })).toEqual({ legs: 1, positions: 2 });
    expect(await countsOf(delivered)).toEqual({ positions: 0, last: 0 });
    // However old, a leg on the road keeps its positions.
    expect(await countsOf(onTheRoad)).toEqual({ positions: 2, last: 1 });
  });

  it("works through more legs than one batch holds", async () => {
    const requests = [
      await requestWithPositions(),
      await requestWithPositions(),
      await requestWithPositions(),
    ];
    const later = new Date(Date.now() + 31 * DAY_MS);
    const purged = await purgeExpiredPositions(later, { retentionDays: 30, legsPerBatch: 2 });
    expect(purged).toEqual({ legs: 3, positions: 6 });
    for (const requestId of requests) expect(await countsOf(requestId)).toEqual({ positions: 0, last: 0 });
  });
});
