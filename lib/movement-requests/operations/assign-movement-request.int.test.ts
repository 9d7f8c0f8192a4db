import { beforeAll, describe, expect, it } from "vitest";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as createWith3plRoute } from "@/app/v1/movement-requests/create-with-3pl/route";
import { auditTrailOf, legsOf, operationsActor, snapshotOf, operationsApi } from "@/test/operations-test-kit";
import { DRIVER_OFFER_EVENT } from "@/lib/movement-requests/operations/driver-offers";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest } from "@/prisma/factories";

const { create3plRequest, createPoolRequest, operate, operateOk } = operationsApi({
  assign: assignRoute,
  collected: collectedRoute,
  createInPool: createInPoolRoute,
  createWith3pl: createWith3plRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let drivers: { ann: { id: string }; bob: { id: string }; inactive: { id: string }; foreign: { id: string } };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  const organisationId = world.organisation.id;
  drivers = {
    ann: await createDriver(database.prisma, { organisationId, firstname: "Ann", surname: "Archer" }),
    bob: await createDriver(database.prisma, { organisationId, firstname: "Bob", surname: "Baker" }),
    inactive: await createDriver(database.prisma, { organisationId, active: false }),
    foreign: await createDriver(database.prisma, { organisationId: otherWorld.organisation.id }),
  };
});

/** A two-leg pool request (Manchester → Leeds → Yokohama) straight from the factory. */
function twoLegRequest(legs: { driverId?: string }[] = [{}, {}]) {
  return createMovementRequest(database.prisma, {
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    originSiteId: world.sites.manchester.id,
    destinationSiteId: world.sites.yokohama.id,
    legs: [{ ...legs[0], destinationSiteId: world.sites.leeds.id }, { ...legs[1] }],
  });
}

describe("assign {driverId}: planWithDriver", () => {
  it("plans the only leg: PLANNED, the driver as provider, the leg accepted, an audit entry", async () => {
    const created = await createPoolRequest(world);
    const body = await operateOk(world, "assign", created.id, { driverId: drivers.ann.id });
    expect(body.status).toBe("PLANNED");
    expect(body.provider).toEqual({
      type: "DRIVER",
      id: drivers.ann.id,
      firstname: "Ann",
      surname: "Archer",
    });
    expect(body.trackingUrl).toBe(created.trackingUrl);
    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg).toMatchObject({
      status: "OPEN",
      driverId: drivers.ann.id,
      thirdPartyLogisticsProviderId: null,
    });
    expect(leg?.acceptedAt).toBeInstanceOf(Date);
    expect((await auditTrailOf(database.kysely, created.id)).at(-1)).toMatchObject({
      fromStatus: "CREATED",
      toStatus: "PLANNED",
      actor: operationsActor(world),
    });
  });

  it("plans leg by leg: PARTIALLY_PLANNED until every leg has a carrier, then PLANNED", async () => {
    const request = await twoLegRequest();
    const first = await operateOk(world, "assign", request.id, { driverId: drivers.ann.id, legNumber: 1 });
    expect(first.status).toBe("PARTIALLY_PLANNED");
    const second = await operateOk(world, "assign", request.id, { driverId: drivers.bob.id, legNumber: 2 });
    expect(second.status).toBe("PLANNED");
    expect((await legsOf(database.kysely, request.id)).map((leg) => leg.driverId)).toEqual([
      drivers.ann.id,
      drivers.bob.id,
    ]);
    // Re-planning a planned leg keeps PLANNED (no new audit entry: the status did not change).
    const trail = await auditTrailOf(database.kysely, request.id);
    const again = await operateOk(world, "assign", request.id, { driverId: drivers.bob.id, legNumber: 1 });
    expect(again.status).toBe("PLANNED");
    expect(await auditTrailOf(database.kysely, request.id)).toHaveLength(trail.length);
    expect((await legsOf(database.kysely, request.id))[0]?.driverId).toBe(drivers.bob.id);
  });

  it("without legNumber plans every leg without a carrier", async () => {
    const request = await twoLegRequest([{ driverId: drivers.ann.id }, {}]);
    const body = await operateOk(world, "assign", request.id, { driverId: drivers.bob.id });
    expect(body.status).toBe("PLANNED");
    expect((await legsOf(database.kysely, request.id)).map((leg) => leg.driverId)).toEqual([
      drivers.ann.id,
      drivers.bob.id,
    ]);
  });

  it("400 for a leg the request does not have", async () => {
    const created = await createPoolRequest(world);
    const { status, body } = await operate(world, "assign", created.id, {
      driverId: drivers.ann.id,
      legNumber: 3,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_ERROR", errors: [{ path: "legNumber" }] });
  });
});

describe("assign {offerToDriverId} / {driverIds}: offerToDrivers", () => {
  it("offers to one driver: SENT_TO_DRIVER, the driver on the leg pending acceptance", async () => {
    const created = await createPoolRequest(world);
    const body = await operateOk(world, "assign", created.id, { offerToDriverId: drivers.bob.id });
    expect(body.status).toBe("SENT_TO_DRIVER");
    expect(body.provider).toMatchObject({ type: "DRIVER", id: drivers.bob.id });
    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg).toMatchObject({ driverId: drivers.bob.id, acceptedAt: null });
  });

  it("offers to several drivers: SENT_TO_MULTIPLE_DRIVERS, no driver yet, the offer recorded", async () => {
    const created = await createPoolRequest(world);
    const body = await operateOk(world, "assign", created.id, {
      driverIds: [drivers.ann.id, drivers.bob.id],
    });
    expect(body.status).toBe("SENT_TO_MULTIPLE_DRIVERS");
    expect(body).not.toHaveProperty("provider");
    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg).toMatchObject({ driverId: null, acceptedAt: null });
    const offer = await database.kysely
      .selectFrom("Event")
      .selectAll()
      .where("resourceId", "=", created.id)
      .where("type", "=", DRIVER_OFFER_EVENT)
      .executeTakeFirstOrThrow();
    expect(offer.payload).toMatchObject({ driverIds: [drivers.ann.id, drivers.bob.id] });
    expect(offer.envelope).toBeNull();
  });
});

describe("assign {thirdPartyLogisticsProviderId}: sendToThirdPartyLogistics", () => {
  it("dispatches a pool request: SENT_TO_3PL, the 3PL on the leg, priced against its rate card", async () => {
    const created = await createPoolRequest(world);
    const body = await operateOk(world, "assign", created.id, {
      thirdPartyLogisticsProviderId: world.providers.fullService.id,
    });
    expect(body.status).toBe("SENT_TO_3PL");
    expect(body.provider).toEqual({
      type: "THIRD_PARTY_LOGISTICS",
      id: world.providers.fullService.id,
      name: "Full Service Logistics",
    });
    const km = greatCircleDistanceKm(world.sites.manchester, world.sites.leeds);
    expect(body.estimatedCost).toEqual(
      estimateCost({ baseCostCents: 4500, perKmCostCents: 95, currencyCode: "GBP" }, km),
    );
    expect(body).not.toHaveProperty("cost");
    const [leg] = await legsOf(database.kysely, created.id);
    expect(leg).toMatchObject({
      thirdPartyLogisticsProviderId: world.providers.fullService.id,
      driverId: null,
    });
    expect((await auditTrailOf(database.kysely, created.id)).at(-1)).toMatchObject({
      fromStatus: "CREATED",
      toStatus: "SENT_TO_3PL",
      actor: operationsActor(world),
    });
  });

  it("drops the estimate when the 3PL has no rate card for the method", async () => {
    const created = await createPoolRequest(world, { transportMethod: "TRANSPORTED" });
    expect(created.estimatedCost).toBeDefined();
    const body = await operateOk(world, "assign", created.id, {
      thirdPartyLogisticsProviderId: world.providers.noTransportedCard.id,
    });
    expect(body.status).toBe("SENT_TO_3PL");
    expect(body).not.toHaveProperty("estimatedCost");
  });

  it("400 for a 3PL not configured for the profile, or one without the transport method; nothing changes", async () => {
    const created = await createPoolRequest(world, { transportMethod: "TRANSPORTED" });
    const before = await snapshotOf(database.kysely, created.id);
    for (const [providerId, code] of [
      [world.providers.unconfigured.id, "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND"],
      ["no-such-provider", "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND"],
      [world.providers.drivenOnly.id, "PROVIDER_CANNOT_FULFIL_MOVEMENT"],
    ] as const) {
      const { status, body } = await operate(world, "assign", created.id, {
        thirdPartyLogisticsProviderId: providerId,
      });
      expect(status).toBe(400);
      expect(body.code).toBe(code);
    }
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });
});

describe("assign refusals", () => {
  it("404 DRIVER_NOT_FOUND for an unknown, another organisation's or an inactive driver; nothing changes", async () => {
    const created = await createPoolRequest(world);
    const before = await snapshotOf(database.kysely, created.id);
    for (const body of [
      { driverId: "01J00000000000000000000000" },
      { driverId: drivers.foreign.id },
      { driverId: drivers.inactive.id },
      { offerToDriverId: drivers.inactive.id },
      { driverIds: [drivers.ann.id, drivers.foreign.id] },
    ]) {
      const response = await operate(world, "assign", created.id, body);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe("DRIVER_NOT_FOUND");
    }
    expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
  });

  it.each([
    [{}, ""],
    [{ driverId: "a", thirdPartyLogisticsProviderId: "b" }, "thirdPartyLogisticsProviderId"],
    [{ driverIds: ["a"] }, "driverIds"],
    [{ driverIds: ["a", "a"] }, "driverIds"],
    [{ offerToDriverId: "a", legNumber: 1 }, "legNumber"],
    [{ driverId: "a", legNumber: 0 }, "legNumber"],
    [{ driverId: "a", colour: "red" }, ""],
  ])("400 VALIDATION_ERROR for %o", async (requestBody, path) => {
    const created = await createPoolRequest(world);
    const { status, body } = await operate(world, "assign", created.id, requestBody);
    expect(status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it("refuses a missing body (the body is required here)", async () => {
    const created = await createPoolRequest(world);
    const { status, body } = await operate(world, "assign", created.id);
    expect(status).toBe(415);
    expect(body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("409 once the request was sent to a 3PL, and after collection; nothing changes", async () => {
    const sent = await create3plRequest(world);
    const before = await snapshotOf(database.kysely, sent.id);
    const refused = await operate(world, "assign", sent.id, { driverId: drivers.ann.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("INVALID_STATUS_TRANSITION");
    expect(await snapshotOf(database.kysely, sent.id)).toEqual(before);

    const planned = await createPoolRequest(world);
    await operateOk(world, "assign", planned.id, { driverId: drivers.ann.id });
    await operateOk(world, "collected", planned.id);
    const collectedState = await snapshotOf(database.kysely, planned.id);
    for (const body of [
      { driverId: drivers.bob.id },
      { offerToDriverId: drivers.bob.id },
      { thirdPartyLogisticsProviderId: world.providers.fullService.id },
    ]) {
      const response = await operate(world, "assign", planned.id, body);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe("INVALID_STATUS_TRANSITION");
    }
    expect(await snapshotOf(database.kysely, planned.id)).toEqual(collectedState);
  });

  it("404 for another profile's request, 403 for an integration key", async () => {
    const foreign = await createPoolRequest(otherWorld);
    const notFound = await operate(world, "assign", foreign.id, { driverId: drivers.ann.id });
    expect(notFound.status).toBe(404);
    expect(notFound.body.code).toBe("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND");

    const own = await createPoolRequest(world);
    const forbidden = await operate(
      world,
      "assign",
      own.id,
      { driverId: drivers.ann.id },
      world.integrationKey,
    );
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe("FORBIDDEN");
  });
});
