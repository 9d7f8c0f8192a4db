// The usual phase lengths, learned from the organisation's deliveries: per lane with 5 of them, else
// per transport method, else nothing (the rule then takes the fallback from distance).
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { laneKey, learnDurations, MIN_SAMPLES } from "@/lib/movement-requests/at-risk/usual-durations";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createMovementRequest } from "@/prisma/factories";

const database = setupTestDatabase();
let world: MovementWorld;
const HOUR = 3_600_000;
const NOW = new Date("2031-05-01T12:00:00Z");

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
});

/** A delivery: created, planned `toCarrier` hours later, collected, then delivered `inTransit` hours on. */
async function delivered(
  origin: string,
  destination: string,
  { daysAgo, toCarrier, toCollection, inTransit }: Record<string, number>,
) {
  const created = new Date(NOW.getTime() - (daysAgo ?? 0) * 24 * HOUR);
  // Ready at 08:00 UTC (the learning's approximation) on the day of creation.
  created.setUTCHours(6, 0, 0, 0);
  const ready = new Date(created);
  ready.setUTCHours(0, 0, 0, 0);
  const planned = new Date(created.getTime() + (toCarrier ?? 0) * HOUR);
  const collected = new Date(
    Math.max(planned.getTime(), ready.getTime() + 8 * HOUR) + (toCollection ?? 0) * HOUR,
  );
  const deliveredAt = new Date(collected.getTime() + (inTransit ?? 0) * HOUR);
  await createMovementRequest(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    originSiteId: origin,
    destinationSiteId: destination,
    createdAt: created,
    readyToCollectFromDate: ready,
    completedOn: deliveredAt,
    history: [
      { status: "CREATED", at: created },
      { status: "PLANNED", at: planned },
      { status: "IN_PROGRESS", at: collected },
      { status: "DELIVERED", at: deliveredAt },
    ],
  });
}

describe("the learned usual lengths", () => {
  it("are the medians per lane with enough deliveries, else per method; old ones do not count", async () => {
    const { manchester, leeds } = world.sites;
    for (const [index, transit] of [3, 4, 5, 6, 20].entries()) {
      await delivered(manchester.id, leeds.id, {
        daysAgo: 10 + index,
        toCarrier: 2,
        toCollection: 1,
        inTransit: transit,
      });
    }
    // A lane with too few deliveries of its own, and one delivery too old to count.
    await delivered(leeds.id, manchester.id, { daysAgo: 3, toCarrier: 10, toCollection: 3, inTransit: 8 });
    await delivered(manchester.id, leeds.id, {
      daysAgo: 400,
      toCarrier: 99,
      toCollection: 99,
      inTransit: 99,
    });

    const learned = await learnDurations(kysely(), world.organisation.id, NOW);
    expect(MIN_SAMPLES).toBe(5);
    expect(learned.byLane.get(laneKey(manchester.id, leeds.id, "DRIVEN"))).toEqual({
      toCarrier: 2 * HOUR,
      toCollection: 1 * HOUR,
      inTransit: 5 * HOUR, // the median of 3, 4, 5, 6, 20
    });
    expect(learned.byLane.has(laneKey(leeds.id, manchester.id, "DRIVEN"))).toBe(false);
    // Per method: all six recent DRIVEN deliveries (transit median of 3, 4, 5, 6, 8, 20 = 5.5).
    expect(learned.byMethod.get("DRIVEN")?.inTransit).toBe(5.5 * HOUR);
    expect(learned.byMethod.has("TRANSPORTED")).toBe(false);
  });
});
