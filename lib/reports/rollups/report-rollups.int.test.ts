// The roll-ups against the raw rows: on a small varied data set (five sites in three time zones, both
// business areas, drivers, 3PLs and none, two-leg requests, prices missing, in another currency or on a
// zero estimate, cancelled requests; prep jobs in every stage), every chart read from the roll-ups
// equals the direct query over the raw rows (test/report-oracles/), for every filter (the percentiles
// within their buckets' width); and again after late writes
// (a price recorded after delivery, a cancellation, a delivery, a leg's carrier changed, a deletion, a
// stay's working time, a stay removed)
// once the worker's pass has run.
import { beforeAll, describe, expect, it } from "vitest";
import { kysely, sql } from "@/lib/db";
import { onTimeByCarrier as directOnTimeByCarrier } from "@/test/report-oracles/on-time-by-carrier";
import { onTimeByWeek as directOnTimeByWeek } from "@/test/report-oracles/on-time-by-week";
import { priceVarianceByCarrier as directPriceVariance } from "@/test/report-oracles/price-variance-by-carrier";
import { volumeByLane as directVolumeByLane } from "@/test/report-oracles/volume-by-lane";
import { onTimeByCarrier } from "@/lib/reports/on-time-by-carrier";
import { onTimeByWeek } from "@/lib/reports/on-time-by-week";
import { priceVarianceByCarrier } from "@/lib/reports/price-variance-by-carrier";
import type { ReportFilters } from "@/lib/reports/report-filters";
import type { PriceVarianceCarrier } from "@/lib/reports/report-rows";
import {
  REPORT_ROLLUP_LOCK,
  refreshAllReportRollups,
  refreshReportRollups,
} from "@/lib/reports/rollups/refresh-report-rollups";
import { reportSites, siteZonesOf } from "@/lib/reports/site-zones";
import { volumeByLane } from "@/lib/reports/volume-by-lane";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest, createPrepJob } from "@/prisma/factories";
import { daysToFrontline as directDaysToFrontline } from "@/test/report-oracles/days-to-frontline";
import { stageTimeBySite as directStageTimeBySite } from "@/test/report-oracles/stage-time-by-site";
import { daysToFrontline } from "@/lib/reports/days-to-frontline";
import { stageTimeBySite } from "@/lib/reports/stage-time-by-site";
import type { PrepJobStage } from "@/lib/generated/prisma/enums";

const database = setupTestDatabase();
let world: MovementWorld;
const ids: string[] = [];
const JANUARY: ReportFilters = {
  from: "2031-01-01",
  to: "2031-01-31",
  siteId: null,
  area: null,
  // The zone most of the world's sites keep (organisationZone): in January, UTC's clock.
  zone: "Europe/London",
};

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const { manchester, leeds, prepCentre, yokohama, dallas } = world.sites;
  const sites = [manchester, leeds, prepCentre, yokohama, dallas];
  const driver = await createDriver(database.prisma, { organisationId: world.organisation.id });
  const carriers = [
    { driverId: driver.id },
    { thirdPartyLogisticsProviderId: world.providers.fullService.id },
    { thirdPartyLogisticsProviderId: world.providers.drivenOnly.id },
    {},
  ];
  const slots = ["AM", "PM", "ANYTIME"] as const;
  for (let i = 0; i < 48; i++) {
    const origin = sites[i % 5]!;
    const destination = sites[(i * 3 + 1) % 5]!;
    const created = new Date(Date.UTC(2031, 0, 1 + (i % 28), 8));
    const due = new Date(Date.UTC(2031, 0, 3 + (i % 28)));
    // Around the deadline: some hours before, some after, across the destinations' zones.
    const completed = new Date(due.getTime() + ((i * 7) % 40) * 3_600_000 - 6 * 3_600_000);
    const status: "CANCELLED" | "IN_PROGRESS" | "DELIVERED" =
      i % 11 === 5 ? "CANCELLED" : i % 13 === 7 ? "IN_PROGRESS" : "DELIVERED";
    const carrier = carriers[i % 4]!;
    const estimate = i % 17 === 3 ? 0 : 10_000 + i * 250;
    const request = await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      status,
      history: [{ status: "CREATED" }, { status }],
      originSiteId: origin.id,
      destinationSiteId: destination.id,
      createdAt: created,
      readyToCollectFromDate: created,
      deliveryByDate: due,
      deliveryByTimeslot: slots[i % 3]!,
      deliveryByTime: i % 9 === 2 ? "10:30" : null,
      completedOn: status === "DELIVERED" ? completed : null,
      businessArea: i % 3 === 0 ? "Fleet" : "Retail",
      estimatedCostCents: estimate,
      estimatedCostCurrency: "GBP",
      costCents: i % 5 === 4 ? null : estimate + ((i * 37) % 23) * 100 - 600,
      costCurrency: i % 19 === 10 ? "EUR" : "GBP",
      legs:
        i % 6 === 1
          ? [{ driverId: driver.id, destinationSiteId: prepCentre.id, status: "DELIVERED" as const }, carrier]
          : [{ ...carrier, status: status === "DELIVERED" ? ("DELIVERED" as const) : ("OPEN" as const) }],
    });
    ids.push(request.id);
  }
  // Prep jobs moved through their stages at uneven times (the trigger writes their stays).
  const hour = 3_600_000;
  for (let i = 0; i < 14; i++) {
    const created = Date.UTC(2031, 0, 2 + i, 6 + (i % 5));
    const job = await createPrepJob(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      prepSiteId: world.sites.prepCentre.id,
      businessArea: i % 3 === 0 ? "Fleet" : "Retail",
      createdAt: new Date(created),
      stageChangedAt: new Date(created),
    });
    const steps: [PrepJobStage, number][] = [
      ["ARRIVED", created + (3 + ((i * 7) % 50)) * hour],
      ["APPRAISED", created + (60 + ((i * 13) % 90)) * hour],
      ["OUTBOUND", created + (160 + ((i * 29) % 200)) * hour],
    ];
    for (const [stage, when] of steps.slice(0, 1 + (i % 3))) {
      await kysely()
        .updateTable("PrepJob")
        .set({ stage, stageChangedAt: new Date(when) })
        .where("id", "=", job.id)
        .execute();
    }
  }
});

function filterSets(): ReportFilters[] {
  const { manchester, leeds, yokohama, dallas } = world.sites;
  return [
    JANUARY,
    { ...JANUARY, area: "Fleet" },
    { ...JANUARY, area: "Retail" },
    { ...JANUARY, from: "2031-01-09", to: "2031-01-20" },
    ...[manchester, leeds, yokohama, dallas].map((site) => ({ ...JANUARY, siteId: site.id })),
    { ...JANUARY, siteId: leeds.id, area: "Retail" },
    { ...JANUARY, siteId: world.sites.prepCentre.id, area: "Fleet" },
    // Whole ISO weeks (6–26 January) and days either side of them, as a year's range is read.
    { ...JANUARY, from: "2031-01-04", to: "2031-01-28" },
  ];
}

/** Percentiles from log-scale buckets: within a bucket's width, 2 % of (1 + value), of the raw ones. */
function expectCloseInBucket(actual: number, expected: number) {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(0.02 * (1 + expected) + 0.1);
}

/** Percentiles from whole-percent buckets: within half a point of the raw ones, before rounding. */
function expectPricesClose(actual: PriceVarianceCarrier[], expected: PriceVarianceCarrier[]) {
  const exact = (rows: PriceVarianceCarrier[]) =>
    rows.map(({ carrier, currencyCode, priced, meanVarianceCents, totalVarianceCents }) => ({
      carrier,
      currencyCode,
      priced,
      meanVarianceCents,
      totalVarianceCents,
    }));
  expect(exact(actual)).toEqual(exact(expected));
  actual.forEach((row, index) => {
    for (const key of ["medianPercent", "p10Percent", "p90Percent"] as const)
      expect(Math.abs(row[key] - expected[index]![key])).toBeLessThanOrEqual(0.6);
  });
}

async function expectReportsEqualDirect() {
  const kdb = kysely();
  const organisationId = world.organisation.id;
  const zones = siteZonesOf(await reportSites(kdb, organisationId));
  for (const filters of filterSets()) {
    const direct = {
      weeks: await directOnTimeByWeek(kdb, organisationId, filters, zones),
      carriers: await directOnTimeByCarrier(kdb, organisationId, filters, zones),
      lanes: await directVolumeByLane(kdb, organisationId, filters),
    };
    expect(direct.weeks.length).toBeGreaterThan(0);
    expect(await onTimeByWeek(kdb, organisationId, filters)).toEqual(direct.weeks);
    expect(await onTimeByCarrier(kdb, organisationId, filters)).toEqual(direct.carriers);
    expect(await volumeByLane(kdb, organisationId, filters)).toEqual(direct.lanes);
    const stages = await directStageTimeBySite(kdb, organisationId, filters);
    const rolledStages = await stageTimeBySite(kdb, organisationId, filters);
    expect(rolledStages.map((row) => [row.site, row.stage, row.stays])).toEqual(
      stages.map((row) => [row.site, row.stage, row.stays]),
    );
    rolledStages.forEach((row, index) => {
      expectCloseInBucket(row.medianHours, stages[index]!.medianHours);
      expectCloseInBucket(row.p90Hours, stages[index]!.p90Hours);
    });
    const frontline = await directDaysToFrontline(kdb, organisationId, filters);
    const rolledFrontline = await daysToFrontline(kdb, organisationId, filters);
    expect(rolledFrontline.map((row) => [row.site, row.jobs])).toEqual(
      frontline.map((row) => [row.site, row.jobs]),
    );
    rolledFrontline.forEach((row, index) => {
      expectCloseInBucket(row.medianDays, frontline[index]!.medianDays);
      expectCloseInBucket(row.p90Days, frontline[index]!.p90Days);
    });
    expectPricesClose(
      await priceVarianceByCarrier(kdb, organisationId, filters),
      await directPriceVariance(kdb, organisationId, filters, zones),
    );
  }
}

describe("report roll-ups", () => {
  it("equal the direct computation once the worker has rolled the marked days up", async () => {
    const marked = await kysely().selectFrom("ReportDirtyDay").select(["organisationId", "day"]).execute();
    // Marks are appended (a day may have several); the pass counts days.
    const days = new Set(marked.map((mark) => `${mark.organisationId} ${mark.day.toISOString()}`));
    expect(days.size).toBeGreaterThan(20);
    expect(await refreshAllReportRollups(kysely())).toBe(days.size);
    expect(await kysely().selectFrom("ReportDirtyDay").select("day").execute()).toEqual([]);
    await expectReportsEqualDirect();
  });

  it("follow late writes: a price after delivery, a cancellation, a delivery, a new carrier, a deletion", async () => {
    const kdb = kysely();
    const before = await onTimeByCarrier(kdb, world.organisation.id, JANUARY);
    const unpriced = ids[4]!; // i % 5 === 4: delivered without a final price
    await kdb
      .updateTable("MovementRequest")
      .set({ costCents: 55_555, costCurrency: "GBP" })
      .where("id", "=", unpriced)
      .execute();
    await kdb.updateTable("MovementRequest").set({ status: "CANCELLED" }).where("id", "=", ids[7]!).execute();
    await kdb
      .updateTable("MovementRequest")
      .set({ status: "DELIVERED", completedOn: new Date("2031-01-15T11:00:00Z") })
      .where("id", "=", ids[20]!) // i % 13 === 7: in progress
      .execute();
    await kdb
      .updateTable("Movement")
      .set({ driverId: null, thirdPartyLogisticsProviderId: world.providers.drivenOnly.id })
      .where("movementRequestId", "=", ids[0]!)
      .execute();
    await kdb.deleteFrom("MovementRequest").where("id", "=", ids[9]!).execute();
    // A stay's working time counted late, and a job's last stay removed.
    await kdb
      .updateTable("PrepJobStageSpell")
      .set({ workingSeconds: 7_200 })
      .where("stage", "=", "INBOUND")
      .execute();
    await kdb
      .deleteFrom("PrepJobStageSpell")
      .where("stage", "=", "OUTBOUND")
      .where("businessArea", "=", "Fleet")
      .execute();
    // An update no report reads marks nothing.
    await refreshAllReportRollups(kdb);
    await kdb.updateTable("MovementRequest").set({ notes: "late note" }).where("id", "=", ids[1]!).execute();
    expect(await kdb.selectFrom("ReportDirtyDay").select("day").execute()).toEqual([]);
    expect(await onTimeByCarrier(kdb, world.organisation.id, JANUARY)).not.toEqual(before);
    await expectReportsEqualDirect();
  });

  it("is run by one instance at a time: the pass is skipped while another holds the lock", async () => {
    await kysely()
      .updateTable("MovementRequest")
      .set({ costCents: 12_345 })
      .where("id", "=", ids[2]!)
      .execute();
    await kysely()
      .transaction()
      .execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${REPORT_ROLLUP_LOCK})`.execute(trx);
        expect(await refreshReportRollups(kysely())).toBeNull();
      });
    // Its creation day and its delivery day.
    expect(await refreshReportRollups(kysely())).toBe(2);
    await expectReportsEqualDirect();
  });

  it("lets writers mark the same day at once: neither waits for the other's commit", async () => {
    const mark = sql`SELECT "report_mark_days"(ARRAY[ROW(${world.organisation.id}, '2027-01-04'::date, 0)::"ReportDirtyDay"])`;
    await kysely()
      .transaction()
      .execute(async (first) => {
        await mark.execute(first);
        // Still uncommitted: a second writer marking the same day must not queue behind it.
        await kysely()
          .transaction()
          .execute(async (second) => {
            await sql`SET LOCAL lock_timeout = '500ms'`.execute(second);
            await mark.execute(second);
          });
      });
    const marks = await kysely()
      .selectFrom("ReportDirtyDay")
      .select("version")
      .where("day", "=", new Date("2027-01-04T00:00:00Z"))
      .execute();
    expect(marks).toHaveLength(2);
    // The pass does the day once and deletes both marks.
    expect(await refreshReportRollups(kysely())).toBe(1);
    expect(await kysely().selectFrom("ReportDirtyDay").select("version").execute()).toEqual([]);
  });
});
