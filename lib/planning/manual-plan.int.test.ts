// The manual plan of a plan's days (docs/planning.md, "Against the manual plan"): the one-leg requests
// given an own driver or a 3PL by hand and collected on those days, costed with the planner's model.
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { manualPlanTotals } from "@/lib/planning/manual-plan";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest, dateOnlyFromToday, utcDate } from "@/prisma/factories";
import type { MovementRequestInput } from "@/prisma/factories";

const database = setupTestDatabase();
const DAYS = { from: dateOnlyFromToday(1), to: dateOnlyFromToday(2) };
const allWeek = Object.fromEntries(
  ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, { start: "06:00", end: "22:00" }]),
);

let world: MovementWorld;
let ann: { id: string };
let offDuty: { id: string };

async function planned(extra: Partial<MovementRequestInput>) {
  return createMovementRequest(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    originSiteId: world.sites.manchester.id,
    destinationSiteId: world.sites.leeds.id,
    readyToCollectFromDate: utcDate(1),
    deliveryByDate: utcDate(3),
    status: "PLANNED",
    ...extra,
  });
}

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const other = await createMovementWorld(database.prisma);
  const organisationId = world.organisation.id;
  const driver = (firstname: string, workingHours: object) =>
    createDriver(database.prisma, {
      organisationId,
      firstname,
      homeSiteId: world.sites.manchester.id,
      workingHours,
    });
  ann = await driver("Ann", allWeek);
  offDuty = await driver("Olly", {});
  // Ann's day: Manchester → Leeds, then Leeds → Manchester.
  await planned({
    legs: [{ driverId: ann.id, originScheduledOn: utcDate(1), originScheduledTimeslot: "AM" }],
  });
  await planned({
    originSiteId: world.sites.leeds.id,
    destinationSiteId: world.sites.manchester.id,
    legs: [{ driverId: ann.id, originScheduledOn: utcDate(1), originScheduledTimeslot: "PM" }],
  });
  // A 3PL's, at what it was sent for.
  await planned({
    status: "SENT_TO_3PL",
    legs: [
      {
        thirdPartyLogisticsProviderId: world.providers.fullService.id,
        costCents: 12_345,
        originScheduledOn: utcDate(2),
      },
    ],
  });
  // A driver who works no day: not costed, counted.
  await planned({ legs: [{ driverId: offDuty.id, originScheduledOn: utcDate(2) }] });
  // Not the manual plan of these days: another day, cancelled, two legs, accepted from a pool plan,
  // another organisation's.
  await planned({ legs: [{ driverId: ann.id, originScheduledOn: utcDate(5) }] });
  await planned({ status: "CANCELLED", legs: [{ driverId: ann.id, originScheduledOn: utcDate(1) }] });
  await planned({
    legs: [
      { driverId: ann.id, originScheduledOn: utcDate(1), destinationSiteId: world.sites.prepCentre.id },
      { driverId: ann.id, originScheduledOn: utcDate(1), originSiteId: world.sites.prepCentre.id },
    ],
  });
  const fromPlan = await planned({ legs: [{ driverId: ann.id, originScheduledOn: utcDate(1) }] });
  await kysely()
    .insertInto("PoolPlan")
    .values({
      id: `plan-${fromPlan.id}`,
      organisationId,
      status: "ACCEPTED",
      fromDate: utcDate(1),
      toDate: utcDate(2),
      requestIds: [],
      acceptedRequestIds: [fromPlan.id],
      progress: 100,
      createdBy: "user:dispatcher@example.test",
      updatedAt: new Date(),
    })
    .execute();
  await createMovementRequest(database.prisma, {
    organisationId: other.organisation.id,
    profileId: other.profile.id,
    originSiteId: other.sites.manchester.id,
    destinationSiteId: other.sites.leeds.id,
    readyToCollectFromDate: utcDate(1),
    deliveryByDate: utcDate(3),
    status: "PLANNED",
    legs: [{ originScheduledOn: utcDate(1) }],
  });
});

describe("manualPlanTotals", () => {
  it("costs the days' hand-planned requests with the planner's model, the 3PLs at their price", async () => {
    const totals = await manualPlanTotals(
      kysely(),
      { organisationId: world.organisation.id },
      DAYS,
      new Date(),
    );
    expect(totals).toMatchObject({
      requests: 4,
      withDrivers: 3,
      withThirdParty: 1,
      currency: "GBP",
      lateRequests: 0,
      outsideHours: 1,
    });
    // Ann's hours of two moves and a 3PL's 123.45: more than the price alone.
    expect(totals!.costCents).toBeGreaterThan(12_345);
    // Her chain starts and ends at home, each collection where the last delivery was: nothing empty.
    expect(totals!.emptyKm).toBe(0);
  });

  it("is null for days without a hand-planned request, and for another organisation", async () => {
    const later = { from: dateOnlyFromToday(20), to: dateOnlyFromToday(21) };
    expect(
      await manualPlanTotals(kysely(), { organisationId: world.organisation.id }, later, new Date()),
    ).toBeNull();
    const stranger = await createMovementWorld(database.prisma);
    expect(
      await manualPlanTotals(kysely(), { organisationId: stranger.organisation.id }, DAYS, new Date()),
    ).toBeNull();
  });
});
