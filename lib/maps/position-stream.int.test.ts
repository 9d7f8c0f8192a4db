// The live map's wake-ups: a batch of positions recorded (recordPositions' pg_notify, from any process)
// reaches the open streams of its organisation, once for a burst, and never another organisation's.
import { beforeAll, describe, expect, it } from "vitest";
import { positionStream } from "@/lib/maps/position-stream";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as positionsRoute } from "@/app/v1/operations/movement-requests/[requestId]/positions/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const { createPoolRequest, operate, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  positions: positionsRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let other: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  other = await createMovementWorld(database.prisma);
});

async function onTheRoad(target: MovementWorld): Promise<string> {
  const driver = await createDriver(database.prisma, { organisationId: target.organisation.id });
  const created = await createPoolRequest(target);
  await operateOk(target, "assign", created.id, { driverId: driver.id });
  await operateOk(target, "collected", created.id);
  return created.id as string;
}

async function report(target: MovementWorld, requestId: string, seconds: number) {
  const recordedAt = new Date(Date.now() - seconds * 1000).toISOString();
  const { status } = await operate(target, "positions", requestId, {
    positions: [{ latitude: 53.6, longitude: -2.0, recordedAt }],
  });
  expect(status).toBe(202);
}

/** The stream's named events seen within `ms`. */
async function eventsWithin(stream: ReadableStream<Uint8Array>, ms: number, during: () => Promise<void>) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value);
    }
  })();
  // The relay's LISTEN connects in the background: give it a moment before anything is sent.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await during();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { events: [...text.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]), reader, reading };
}

describe("the positions' stream", () => {
  it("wakes the organisation's open maps once for a burst of batches, and not another organisation's", async () => {
    const ours = await onTheRoad(world);
    const theirs = await onTheRoad(other);
    const controller = new AbortController();
    const stream = positionStream(world.organisation.id, controller.signal);
    const { events } = await eventsWithin(stream, 2_000, async () => {
      await report(other, theirs, 3);
      await report(world, ours, 2);
      await report(world, ours, 1);
    });
    controller.abort();
    expect(events).toEqual(["positions"]);

    const quiet = new AbortController();
    const otherOnly = await eventsWithin(positionStream(world.organisation.id, quiet.signal), 1_500, () =>
      report(other, theirs, 0),
    );
    quiet.abort();
    expect(otherOnly.events).toEqual([]);
  });
});
