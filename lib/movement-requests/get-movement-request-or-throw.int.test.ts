// The one read must return exactly what the request's rows hold, read one table at a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, transaction } from "@/lib/db";
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest, createProfile, utcDate } from "@/prisma/factories";

const database = setupTestDatabase();

/** The oracle: the request, its organisation's switch, its destination and its legs, table by table. */
async function readTableByTable(id: string) {
  const kdb = database.kysely;
  const request = await kdb
    .selectFrom("MovementRequest")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const organisation = await kdb
    .selectFrom("Organisation")
    .select("trackingEnabled")
    .where("id", "=", request.organisationId)
    .executeTakeFirstOrThrow();
  const destinationSite = await kdb
    .selectFrom("Site")
    .select(["countryCode", "timezone"])
    .where("id", "=", request.destinationSiteId)
    .executeTakeFirstOrThrow();
  const legs = await kdb
    .selectFrom("Movement")
    .selectAll()
    .where("movementRequestId", "=", id)
    .orderBy("legNumber")
    .execute();
  const movements = await Promise.all(
    legs.map(async (leg) => ({
      ...leg,
      driver: leg.driverId
        ? await kdb.selectFrom("Driver").selectAll().where("id", "=", leg.driverId).executeTakeFirstOrThrow()
        : null,
      provider: leg.thirdPartyLogisticsProviderId
        ? await kdb
            .selectFrom("ThirdPartyLogisticsProvider")
            .select(["id", "name", "createdAt"])
            .select(sql<TransportMethod[]>`"transportMethods"::text[]`.as("transportMethods"))
            .where("id", "=", leg.thirdPartyLogisticsProviderId)
            .executeTakeFirstOrThrow()
        : null,
    })),
  );
  return { ...request, organisation, destinationSite, movements };
}
let world: MovementWorld;
let otherWorld: MovementWorld;
let requestId: string;

// The JSON of the legs carries zone-less timestamps: read far from UTC, so that a date revived as
// local time cannot pass on a server that happens to run in UTC (Node applies TZ at once).
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Pacific/Auckland";
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  const driver = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    email: "ann@example.test",
    phone: "+44 7700 900123",
  });
  const { manchester, prepCentre, leeds } = world.sites;
  // Every nullable column filled somewhere, timestamps with and without milliseconds.
  const request = await createMovementRequest(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    originSiteId: manchester.id,
    destinationSiteId: leeds.id,
    status: "CREATED",
    estimatedCollectionDate: utcDate(1),
    estimatedCollectionTimeslot: "AM",
    deliveryByTime: "14:30",
    estimatedDeliveryDate: utcDate(4),
    estimatedDeliveryTimeslot: "PM",
    allowCollectionDateAdjustment: true,
    notes: "gate code 1234",
    estimatedCostCents: 12345,
    estimatedCostCurrency: "GBP",
    costCents: 13000,
    costCurrency: "GBP",
    completedOn: new Date("2026-11-23T08:00:00.000Z"),
    trackingToken: `token-${Date.now()}`,
    legs: [
      {
        destinationSiteId: prepCentre.id,
        driverId: driver.id,
        acceptedAt: new Date("2026-11-22T10:15:30.123Z"),
        originPredictedOn: utcDate(1),
        originPredictedTimeslot: "AM",
        originActualOn: utcDate(1),
        costCents: 5000,
        costCurrency: "GBP",
      },
      {
        thirdPartyLogisticsProviderId: world.providers.fullService.id,
        destinationPredictedOn: utcDate(2),
        destinationActualOn: utcDate(3),
        abortReason: "NotReady",
        abortDetail: "keys missing",
      },
    ],
  });
  requestId = request.id;
});

describe("getMovementRequestOrThrow", () => {
  it("returns what the rows hold, legs in order with driver and provider", async () => {
    const expected = await readTableByTable(requestId);
    const scope = { organisationId: world.organisation.id, profileId: world.profile.id };

    const read = await getMovementRequestOrThrow(database.kysely, scope, requestId);

    // The worker's ETA pass has not run: no stored window.
    expect(read).toStrictEqual({ ...expected, storedEstimatedArrival: null });
    expect(read.movements.map((leg) => [leg.legNumber, leg.driver?.id, leg.provider?.id])).toEqual([
      [1, expect.any(String), undefined],
      [2, undefined, world.providers.fullService.id],
    ]);
    expect(read.movements[0]?.acceptedAt?.toISOString()).toBe("2026-11-22T10:15:30.123Z");
  });

  it("reads the same under the row lock, and without a profile in the scope", async () => {
    const expected = await readTableByTable(requestId);
    const read = await transaction((tx) =>
      getMovementRequestOrThrow(tx, { organisationId: world.organisation.id }, requestId, {
        forUpdate: true,
      }),
    );
    expect(read).toStrictEqual({ ...expected, storedEstimatedArrival: null });
  });

  it("does not find another organisation's or another profile's request", async () => {
    const otherProfile = await createProfile(database.prisma, { organisationId: world.organisation.id });
    for (const scope of [
      { organisationId: otherWorld.organisation.id },
      { organisationId: otherWorld.organisation.id, profileId: world.profile.id },
      { organisationId: world.organisation.id, profileId: otherProfile.id },
    ]) {
      await expect(getMovementRequestOrThrow(database.kysely, scope, requestId)).rejects.toMatchObject({
        code: "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
      });
    }
  });
});
