// The ETA accuracy report on known data: outcomes of January 2031 (0, 30 and 90 minutes off on
// Manchester → Leeds by a driver; 10 minutes off to the prep centre by a 3PL), one in February, one of
// another organisation. How the ETA pass writes outcomes: refresh-estimated-arrivals.int.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { kysely } from "@/lib/db";
import { newId } from "@/lib/ids";
import { etaAccuracyByCarrier, etaAccuracyByLane } from "@/lib/reports/eta-accuracy";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const database = setupTestDatabase();
let world: MovementWorld;
let driver: { id: string };
const JANUARY: ReportFilters = {
  from: "2031-01-01",
  to: "2031-01-31",
  siteId: null,
  area: null,
  // The zone most of the world's sites keep (organisationZone): in January, UTC's clock.
  zone: "Europe/London",
};

function outcome(
  target: MovementWorld,
  input: { to?: string; deliveredAt: string; minutesOff: number; driverId?: string; providerId?: string },
) {
  return {
    movementRequestId: newId(),
    organisationId: target.organisation.id,
    deliveredAt: new Date(input.deliveredAt),
    businessArea: "Retail" as const,
    originSiteId: target.sites.manchester.id,
    destinationSiteId: input.to ?? target.sites.leeds.id,
    providerId: input.providerId ?? null,
    driverId: input.driverId ?? null,
    basis: "HISTORY" as const,
    minutesOff: input.minutesOff,
  };
}

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  const other = await createMovementWorld(database.prisma);
  driver = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    firstname: "Ann",
    surname: "Archer",
  });
  const providerId = world.providers.fullService.id;
  await kysely()
    .insertInto("EtaOutcome")
    .values([
      outcome(world, { deliveredAt: "2031-01-10T10:30:00Z", minutesOff: 0, driverId: driver.id }),
      outcome(world, { deliveredAt: "2031-01-11T11:30:00Z", minutesOff: 30, driverId: driver.id }),
      outcome(world, { deliveredAt: "2031-01-12T08:30:00Z", minutesOff: 90, driverId: driver.id }),
      outcome(world, {
        to: world.sites.prepCentre.id,
        deliveredAt: "2031-01-13T11:10:00Z",
        minutesOff: 10,
        providerId,
      }),
      outcome(world, { deliveredAt: "2031-02-02T15:00:00Z", minutesOff: 400, driverId: driver.id }),
      outcome(other, { deliveredAt: "2031-01-10T15:00:00Z", minutesOff: 400 }),
    ])
    .execute();
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

  it("keeps to the filters: a site, an area, and a period with nothing measured", async () => {
    const prep = await etaAccuracyByLane(kysely(), world.organisation.id, {
      ...JANUARY,
      siteId: world.sites.prepCentre.id,
    });
    expect(prep.map((lane) => lane.destination.name)).toEqual(["Prep Centre"]);
    expect(await etaAccuracyByLane(kysely(), world.organisation.id, { ...JANUARY, area: "Fleet" })).toEqual(
      [],
    );
    const march = { ...JANUARY, from: "2031-03-01", to: "2031-03-31" };
    expect(await etaAccuracyByLane(kysely(), world.organisation.id, march)).toEqual([]);
    expect(await etaAccuracyByCarrier(kysely(), world.organisation.id, march)).toEqual([]);
  });
});
