// The ETA accuracy report on known data: deliveries of January 2031 with the window each was given at
// collection; one inside its window, one 30 minutes after it, one 90 minutes before it; a delivery
// without a window at collection, one outside the period and one of another organisation are left out.
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { etaAccuracyByCarrier, etaAccuracyByLane } from "@/lib/reports/eta-accuracy";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { createMovementWorld, type MovementWorld } from "@/lib/testing/movement-world";
import { setupTestDatabase } from "@/lib/testing/test-database";
import { createDriver, createMovementRequest } from "@/prisma/factories";

const database = setupTestDatabase();
let world: MovementWorld;
let driver: { id: string; firstname: string; surname: string };
const JANUARY: ReportFilters = { from: "2031-01-01", to: "2031-01-31", siteId: null, area: null };
const at = (iso: string) => new Date(`${iso}Z`);

/** A request delivered at `completed`, given [earliest, latest] at collection (none: no window kept). */
async function delivered(
  target: MovementWorld,
  input: {
    to?: string;
    completed: string;
    window?: [string, string];
    leg: { driverId?: string; thirdPartyLogisticsProviderId?: string };
  },
) {
  const request = await createMovementRequest(database.prisma, {
    organisationId: target.organisation.id,
    profileId: target.profile.id,
    status: "DELIVERED",
    history: [{ status: "CREATED" }, { status: "DELIVERED" }],
    originSiteId: target.sites.manchester.id,
    destinationSiteId: input.to ?? target.sites.leeds.id,
    readyToCollectFromDate: at("2031-01-05T00:00:00"),
    deliveryByDate: at("2031-01-20T00:00:00"),
    completedOn: at(input.completed),
    legs: [{ ...input.leg, status: "DELIVERED" }],
  });
  const [earliest, latest] = input.window ?? ["2031-01-10T10:00:00", "2031-01-10T11:00:00"];
  await kysely()
    .insertInto("MovementEta")
    .values({
      movementRequestId: request.id,
      organisationId: target.organisation.id,
      earliest: at(earliest),
      latest: at(latest),
      basis: "HISTORY",
      computedAt: at(earliest),
      collectionEarliest: input.window ? at(earliest) : null,
      collectionLatest: input.window ? at(latest) : null,
      collectionBasis: input.window ? "HISTORY" : null,
    })
    .execute();
}

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const other = await createMovementWorld(database.prisma);
  driver = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    firstname: "Ann",
    surname: "Archer",
  });
  const threePl = { thirdPartyLogisticsProviderId: world.providers.fullService.id };
  // Manchester → Leeds by the driver: inside (0), 30 min late, 90 min early.
  await delivered(world, {
    completed: "2031-01-10T10:30:00",
    window: ["2031-01-10T10:00:00", "2031-01-10T11:00:00"],
    leg: { driverId: driver.id },
  });
  await delivered(world, {
    completed: "2031-01-11T11:30:00",
    window: ["2031-01-11T10:00:00", "2031-01-11T11:00:00"],
    leg: { driverId: driver.id },
  });
  await delivered(world, {
    completed: "2031-01-12T08:30:00",
    window: ["2031-01-12T10:00:00", "2031-01-12T11:00:00"],
    leg: { driverId: driver.id },
  });
  // Manchester → Prep Centre by the 3PL: 10 min late.
  await delivered(world, {
    to: world.sites.prepCentre.id,
    completed: "2031-01-13T11:10:00",
    window: ["2031-01-13T10:00:00", "2031-01-13T11:00:00"],
    leg: threePl,
  });
  // Left out: no window at collection; delivered in February; another organisation's.
  await delivered(world, { completed: "2031-01-14T15:00:00", leg: { driverId: driver.id } });
  await delivered(world, {
    completed: "2031-02-02T15:00:00",
    window: ["2031-02-02T10:00:00", "2031-02-02T11:00:00"],
    leg: { driverId: driver.id },
  });
  await delivered(other, {
    completed: "2031-01-10T15:00:00",
    window: ["2031-01-10T10:00:00", "2031-01-10T11:00:00"],
    leg: {},
  });
});

describe("ETA accuracy", () => {
  it("per lane: deliveries measured, the share inside the window, the median and 90th percentile minutes off", async () => {
    const lanes = await etaAccuracyByLane(kysely(), world.organisation.id, JANUARY);
    expect(lanes).toEqual([
      {
        origin: expect.objectContaining({ name: "Manchester" }),
        destination: expect.objectContaining({ name: "Leeds" }),
        measured: 3,
        inWindowPercent: 33.3,
        // 0, 30, 90: the median 30; the 90th percentile 30 + 0.8 × 60.
        medianMinutes: 30,
        p90Minutes: 78,
      },
      {
        origin: expect.objectContaining({ name: "Manchester" }),
        destination: expect.objectContaining({ name: "Prep Centre" }),
        measured: 1,
        inWindowPercent: 0,
        medianMinutes: 10,
        p90Minutes: 10,
      },
    ]);
  });

  it("per carrier of the leg that delivered", async () => {
    const carriers = await etaAccuracyByCarrier(kysely(), world.organisation.id, JANUARY);
    expect(carriers).toEqual([
      {
        carrier: { kind: "DRIVER", id: driver.id, name: "Ann Archer" },
        measured: 3,
        inWindowPercent: 33.3,
        medianMinutes: 30,
        p90Minutes: 78,
      },
      {
        carrier: { kind: "3PL", id: world.providers.fullService.id, name: "Full Service Logistics" },
        measured: 1,
        inWindowPercent: 0,
        medianMinutes: 10,
        p90Minutes: 10,
      },
    ]);
  });

  it("keeps to the filters: a site, and a period with nothing measured", async () => {
    const prep = await etaAccuracyByLane(kysely(), world.organisation.id, {
      ...JANUARY,
      siteId: world.sites.prepCentre.id,
    });
    expect(prep.map((lane) => lane.destination.name)).toEqual(["Prep Centre"]);
    const march = { ...JANUARY, from: "2031-03-01", to: "2031-03-31" };
    expect(await etaAccuracyByLane(kysely(), world.organisation.id, march)).toEqual([]);
    expect(await etaAccuracyByCarrier(kysely(), world.organisation.id, march)).toEqual([]);
  });
});
