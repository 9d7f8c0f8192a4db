// The report queries on known data: three deliveries in January 2031 (GMT, so local time is UTC; two in
// June show the organisation's zone at work), a
// cancelled request, one outside the period and one of another organisation; two prep jobs moved
// through their stages (the trigger writes their stays). The delivery and lane charts read the worker's
// roll-ups (lib/reports/rollups/report-rollups.int.test.ts holds them to the raw rows).
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { daysToFrontline } from "@/lib/reports/days-to-frontline";
import { onTimeByCarrier } from "@/lib/reports/on-time-by-carrier";
import { onTimeByWeek } from "@/lib/reports/on-time-by-week";
import { priceVarianceByCarrier } from "@/lib/reports/price-variance-by-carrier";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { rollUpWorkingHours } from "@/lib/reports/roll-up-working-hours";
import { refreshAllReportRollups } from "@/lib/reports/rollups/refresh-report-rollups";
import { stageTimeBySite } from "@/lib/reports/stage-time-by-site";
import { volumeByLane } from "@/lib/reports/volume-by-lane";
import type { PrepJobStage } from "@/lib/generated/prisma/enums";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest, createPrepJob } from "@/prisma/factories";

const database = setupTestDatabase();
let world: MovementWorld;
let other: MovementWorld;
let driverId: string;
const JANUARY: ReportFilters = {
  from: "2031-01-01",
  to: "2031-01-31",
  siteId: null,
  area: null,
  // The zone most of the world's sites keep (organisationZone): in January, UTC's clock.
  zone: "Europe/London",
};
const at = (iso: string) => new Date(`${iso}Z`);
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

async function delivered(
  target: MovementWorld,
  input: {
    from: string;
    to: string;
    due: string;
    slot?: "AM" | "PM" | "ANYTIME";
    time?: string;
    completed: string;
    estimate: number;
    cost: number;
    leg: { driverId?: string; thirdPartyLogisticsProviderId?: string };
    area?: "Retail" | "Fleet";
    created?: string;
  },
) {
  await createMovementRequest(database.prisma, {
    organisationId: target.organisation.id,
    profileId: target.profile.id,
    status: "DELIVERED",
    history: [{ status: "CREATED" }, { status: "DELIVERED" }],
    originSiteId: input.from,
    destinationSiteId: input.to,
    createdAt: at(input.created ?? "2031-01-05T09:00:00"),
    readyToCollectFromDate: day("2031-01-05"),
    deliveryByDate: day(input.due),
    deliveryByTimeslot: input.slot ?? "ANYTIME",
    deliveryByTime: input.time ?? null,
    completedOn: at(input.completed),
    businessArea: input.area ?? "Retail",
    estimatedCostCents: input.estimate,
    estimatedCostCurrency: "GBP",
    costCents: input.cost,
    costCurrency: "GBP",
    legs: [{ ...input.leg, status: "DELIVERED" }],
  });
}

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  other = await createMovementWorld(database.prisma);
  const { manchester, leeds } = world.sites;
  driverId = (
    await createDriver(database.prisma, {
      organisationId: world.organisation.id,
      firstname: "Ann",
      surname: "Lee",
    })
  ).id;
  const fullService = world.providers.fullService.id;
  // Week of 6 January: one on time (by the end of the day), one late (after 12:00 for an AM slot).
  await delivered(world, {
    from: manchester.id,
    to: leeds.id,
    due: "2031-01-07",
    completed: "2031-01-07T15:00:00",
    estimate: 10_000,
    cost: 11_000,
    leg: { driverId },
  });
  await delivered(world, {
    from: manchester.id,
    to: leeds.id,
    due: "2031-01-07",
    slot: "AM",
    completed: "2031-01-07T13:00:00",
    estimate: 10_000,
    cost: 10_000,
    leg: { driverId },
  });
  // Week of 13 January: a Fleet delivery by 3PL, before its 10:00 delivery time, 10 % under estimate.
  await delivered(world, {
    from: leeds.id,
    to: manchester.id,
    due: "2031-01-14",
    time: "10:00",
    completed: "2031-01-14T09:30:00",
    estimate: 20_000,
    cost: 18_000,
    leg: { thirdPartyLogisticsProviderId: fullService },
    area: "Fleet",
  });
  // Outside the period, and another organisation's: neither counts.
  await delivered(world, {
    from: manchester.id,
    to: leeds.id,
    due: "2030-12-01",
    created: "2030-11-28T09:00:00",
    completed: "2030-12-01T10:00:00",
    estimate: 1,
    cost: 99_999,
    leg: { driverId },
  });
  await delivered(other, {
    from: other.sites.manchester.id,
    to: other.sites.leeds.id,
    due: "2031-01-07",
    completed: "2031-01-07T10:00:00",
    estimate: 1,
    cost: 2,
    leg: {},
  });
  await createMovementRequest(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    status: "CANCELLED",
    history: [{ status: "CREATED" }, { status: "CANCELLED" }],
    originSiteId: manchester.id,
    destinationSiteId: leeds.id,
    createdAt: at("2031-01-10T09:00:00"),
  });
  // The delivery and lane charts read the roll-ups: the worker's pass first.
  await refreshAllReportRollups(kysely());

  // Two prep jobs created Monday 6 January 08:00 at the prep centre, moved on through their stages.
  const moves: [string, [PrepJobStage, string][]][] = [
    [
      "A",
      [
        ["ARRIVED", "2031-01-07T08:00:00"],
        ["APPRAISED", "2031-01-07T20:00:00"],
        ["OUTBOUND", "2031-01-09T08:00:00"],
      ],
    ],
    ["B", [["ARRIVED", "2031-01-08T08:00:00"]]],
  ];
  for (const [, steps] of moves) {
    const job = await createPrepJob(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      prepSiteId: world.sites.prepCentre.id,
      createdAt: at("2031-01-06T08:00:00"),
      stageChangedAt: at("2031-01-06T08:00:00"),
    });
    for (const [stage, when] of steps) {
      await kysely()
        .updateTable("PrepJob")
        .set({ stage, stageChangedAt: at(when) })
        .where("id", "=", job.id)
        .execute();
    }
  }
});

describe("on-time delivery", () => {
  it("is the share delivered by the deadline, per ISO week", async () => {
    expect(await onTimeByWeek(kysely(), world.organisation.id, JANUARY)).toEqual([
      { week: "2031-01-06", delivered: 2, onTime: 1, rate: 50 },
      { week: "2031-01-13", delivered: 1, onTime: 1, rate: 100 },
    ]);
    const fleet = await onTimeByWeek(kysely(), world.organisation.id, { ...JANUARY, area: "Fleet" });
    expect(fleet.map((row) => row.week)).toEqual(["2031-01-13"]);
    const prepOnly = { ...JANUARY, siteId: world.sites.prepCentre.id };
    expect(await onTimeByWeek(kysely(), world.organisation.id, prepOnly)).toEqual([]);
  });

  it("counts days and weeks in the organisation's zone, not UTC's", async () => {
    const { manchester, leeds } = world.sites;
    // 23:30 UTC on Sundays in June: 00:30 on the Monday after, in London (the world's zone).
    for (const [due, completed] of [
      ["2031-06-02", "2031-06-01T23:30:00"],
      ["2031-06-09", "2031-06-08T23:30:00"],
    ] as const) {
      await delivered(world, {
        from: manchester.id,
        to: leeds.id,
        due,
        completed,
        created: "2031-05-30T09:00:00",
        estimate: 10_000,
        cost: 10_000,
        leg: { driverId },
      });
    }
    await refreshAllReportRollups(kysely());
    const june = { ...JANUARY, from: "2031-06-01", to: "2031-06-14" };
    // In UTC these would be the weeks of 26 May and 2 June.
    expect(await onTimeByWeek(kysely(), world.organisation.id, june)).toEqual([
      { week: "2031-06-02", delivered: 1, onTime: 1, rate: 100 },
      { week: "2031-06-09", delivered: 1, onTime: 1, rate: 100 },
    ]);
    // The week of 2 June, Monday to Sunday in London: the first, not the second (Monday 9 June there).
    const week = { ...JANUARY, from: "2031-06-02", to: "2031-06-08" };
    expect(await onTimeByWeek(kysely(), world.organisation.id, week)).toEqual([
      { week: "2031-06-02", delivered: 1, onTime: 1, rate: 100 },
    ]);
  });

  it("per carrier of the delivering leg, busiest first", async () => {
    const rows = await onTimeByCarrier(kysely(), world.organisation.id, JANUARY);
    expect(rows).toEqual([
      { carrier: { kind: "DRIVER", id: driverId, name: "Ann Lee" }, delivered: 2, onTime: 1, rate: 50 },
      {
        carrier: { kind: "3PL", id: world.providers.fullService.id, name: world.providers.fullService.name },
        delivered: 1,
        onTime: 1,
        rate: 100,
      },
    ]);
  });
});

describe("final price against the estimate", () => {
  it("gives each carrier's median variance, its spread and the money", async () => {
    const rows = await priceVarianceByCarrier(kysely(), world.organisation.id, JANUARY);
    expect(rows.map(({ carrier, ...figures }) => ({ name: carrier.name, ...figures }))).toEqual([
      {
        name: "Ann Lee",
        currencyCode: "GBP",
        priced: 2,
        medianPercent: 5,
        p10Percent: 1,
        p90Percent: 9,
        meanVarianceCents: 500,
        totalVarianceCents: 1000,
      },
      {
        name: world.providers.fullService.name,
        currencyCode: "GBP",
        priced: 1,
        medianPercent: -10,
        p10Percent: -10,
        p90Percent: -10,
        meanVarianceCents: -2000,
        totalVarianceCents: -2000,
      },
    ]);
  });
});

describe("volume by lane", () => {
  it("counts the requests created in the period per lane, delivered and called off", async () => {
    const rows = await volumeByLane(kysely(), world.organisation.id, JANUARY);
    expect(
      rows.map((row) => [row.origin.name, row.destination.name, row.requests, row.delivered, row.calledOff]),
    ).toEqual([
      ["Manchester", "Leeds", 3, 2, 1],
      ["Leeds", "Manchester", 1, 1, 0],
    ]);
    const leedsFleet = await volumeByLane(kysely(), world.organisation.id, {
      ...JANUARY,
      siteId: world.sites.leeds.id,
      area: "Fleet",
    });
    expect(leedsFleet.map((row) => row.requests)).toEqual([1]);
  });
});

describe("prep stages", () => {
  // The worker's pass first: the stays' histograms (and their working time) are rolled up by it.
  const stages = async () =>
    (await refreshAllReportRollups(kysely())) >= 0 &&
    (await stageTimeBySite(kysely(), world.organisation.id, JANUARY)).map((row) => [
      row.stage,
      row.stays,
      row.medianHours,
      row.p90Hours,
      row.site.workingHours,
    ]);

  it("gives the median and 90th percentile of the stays that ended, in elapsed hours without opening hours", async () => {
    expect(await stages()).toEqual([
      ["INBOUND", 2, 36, 45.6, false],
      ["ARRIVED", 1, 12, 12, false],
      ["APPRAISED", 1, 36, 36, false],
    ]);
  });

  it("counts working hours once the worker has rolled the stays up for a site with opening hours", async () => {
    const weekday = [{ open: "08:00", close: "18:00" }];
    await database.kysely
      .insertInto("PrepSiteSettings")
      .values({
        siteId: world.sites.prepCentre.id,
        organisationId: world.organisation.id,
        openingHours: JSON.stringify({
          mon: weekday,
          tue: weekday,
          wed: weekday,
          thu: weekday,
          fri: weekday,
        }),
        updatedBy: "test",
        updatedAt: new Date(),
      })
      .execute();
    expect(await rollUpWorkingHours(kysely())).toBe(4);
    expect(await rollUpWorkingHours(kysely())).toBe(0);
    // Mon 08:00 → Tue 08:00 is 10 working hours; → Wed 08:00 is 20.
    expect(await stages()).toEqual([
      ["INBOUND", 2, 15, 19, true],
      ["ARRIVED", 1, 10, 10, true],
      ["APPRAISED", 1, 10, 10, true],
    ]);
  });

  it("gives the days from a job's creation to its Outbound stage", async () => {
    await refreshAllReportRollups(kysely());
    const rows = await daysToFrontline(kysely(), world.organisation.id, JANUARY);
    expect(rows).toEqual([
      { site: expect.objectContaining({ name: "Prep Centre" }), jobs: 1, medianDays: 3, p90Days: 3 },
    ]);
    expect(await daysToFrontline(kysely(), world.organisation.id, { ...JANUARY, area: "Fleet" })).toEqual([]);
  });
});
