// The raw writes of a create must store exactly what Prisma's nested create stored, and the raw site read
// must return what findMany returns. Run far from UTC, so that a date or timestamp written or read as
// local time cannot pass on a server that happens to run in UTC.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromDateOnly } from "@/lib/dates";
import { newId } from "@/lib/ids";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import {
  insertMovementRequest,
  type NewMovementRequest,
} from "@/lib/movement-requests/insert-movement-request";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();
let world: MovementWorld;

const zone = process.env.TZ;
beforeAll(async () => {
  process.env.TZ = "Pacific/Auckland";
  world = await createMovementWorld(database.prisma);
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

/** Every nullable column filled, a 3PL leg, a timestamp with milliseconds. */
function newRequest(overrides: Partial<NewMovementRequest> = {}): NewMovementRequest {
  return {
    id: newId(),
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    status: "SENT_TO_3PL",
    vehicle: {
      vin: "WF0XXXGCDX1234567",
      vrm: "AB12 CDE",
      externalVehicleId: "stock-1",
      make: "Ford",
      model: "Focus",
      modelVariant: "ST-Line",
    },
    originSiteId: world.sites.manchester.id,
    readyToCollectFromDate: "2026-12-01",
    readyToCollectFromTimeslot: "AM",
    allowCollectionDateAdjustment: true,
    destinationSiteId: world.sites.leeds.id,
    deliveryByDate: "2026-12-03",
    deliveryByTimeslot: "PM",
    deliveryByTime: "16:30",
    deliverOnSpecifiedDate: true,
    allowDeliveryDateAdjustment: false,
    businessArea: "Retail",
    transportMethod: "DRIVEN",
    notes: "Keys at desk",
    externalId: "ext-1",
    confirmedBy: "ops@dealer.test",
    requestedBy: "buyer@dealer.test",
    createdBy: "api-key:vms_abc",
    linkedJobPin: "4321",
    estimatedCost: { centAmount: 12345, currencyCode: "GBP" },
    trackingToken: `token-${newId()}`,
    thirdPartyLogisticsProviderId: world.providers.fullService.id,
    actor: "api-key:vms_abc",
    createdAt: new Date("2026-11-24T10:15:30.123Z"),
    ...overrides,
  };
}

/** The oracle: the three rows inserted one by one (insertMovementRequest writes them in one statement). */
async function insertByHand(request: NewMovementRequest): Promise<void> {
  const now = request.createdAt;
  const ready = fromDateOnly(request.readyToCollectFromDate);
  const deliveryBy = fromDateOnly(request.deliveryByDate);
  await database.kysely
    .insertInto("MovementRequest")
    .values({
      id: request.id,
      organisationId: request.organisationId,
      profileId: request.profileId,
      status: request.status,
      ...request.vehicle,
      originSiteId: request.originSiteId,
      readyToCollectFromDate: ready,
      readyToCollectFromTimeslot: request.readyToCollectFromTimeslot,
      allowCollectionDateAdjustment: request.allowCollectionDateAdjustment,
      estimatedCollectionDate: ready,
      estimatedCollectionTimeslot: request.readyToCollectFromTimeslot,
      destinationSiteId: request.destinationSiteId,
      deliveryByDate: deliveryBy,
      deliveryByTimeslot: request.deliveryByTimeslot,
      deliveryByTime: request.deliveryByTime,
      deliverOnSpecifiedDate: request.deliverOnSpecifiedDate,
      allowDeliveryDateAdjustment: request.allowDeliveryDateAdjustment,
      estimatedDeliveryDate: deliveryBy,
      estimatedDeliveryTimeslot: request.deliveryByTimeslot,
      businessArea: request.businessArea,
      transportMethod: request.transportMethod,
      notes: request.notes,
      externalId: request.externalId,
      confirmedBy: request.confirmedBy,
      requestedBy: request.requestedBy,
      createdBy: request.createdBy,
      linkedJobPin: request.linkedJobPin,
      estimatedCostCents: request.estimatedCost?.centAmount,
      estimatedCostCurrency: request.estimatedCost?.currencyCode,
      trackingToken: request.trackingToken,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await database.kysely
    .insertInto("Movement")
    .values({
      id: newId(),
      legNumber: 1,
      originSiteId: request.originSiteId,
      destinationSiteId: request.destinationSiteId,
      originScheduledOn: ready,
      originScheduledTimeslot: request.readyToCollectFromTimeslot,
      originPredictedOn: ready,
      originPredictedTimeslot: request.readyToCollectFromTimeslot,
      destinationScheduledOn: deliveryBy,
      destinationScheduledTimeslot: request.deliveryByTimeslot,
      destinationPredictedOn: deliveryBy,
      destinationPredictedTimeslot: request.deliveryByTimeslot,
      thirdPartyLogisticsProviderId: request.thirdPartyLogisticsProviderId,
      createdAt: now,
      updatedAt: now,
      organisationId: request.organisationId,
      movementRequestId: request.id,
    })
    .execute();
  await database.kysely
    .insertInto("MovementRequestStatusChange")
    .values({
      id: newId(),
      toStatus: request.status,
      actor: request.actor,
      occurredAt: now,
      organisationId: request.organisationId,
      movementRequestId: request.id,
    })
    .execute();
}

/** The stored rows, without the ids that necessarily differ. */
async function storedRows(requestId: string) {
  const [request, movements, statusChanges] = await Promise.all([
    database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow(),
    database.kysely.selectFrom("Movement").selectAll().where("movementRequestId", "=", requestId).execute(),
    database.kysely
      .selectFrom("MovementRequestStatusChange")
      .selectAll()
      .where("movementRequestId", "=", requestId)
      .execute(),
  ]);
  return {
    request: { ...request, id: undefined, trackingToken: request.trackingToken !== null },
    legs: movements.map((leg) => ({ ...leg, id: undefined, movementRequestId: undefined })),
    statusChanges: statusChanges.map((change) => ({
      ...change,
      id: undefined,
      movementRequestId: undefined,
    })),
    ids: [request.id, ...movements.map((leg) => leg.movementRequestId)],
  };
}

describe("insertMovementRequest", () => {
  it.each([
    ["every column filled, a 3PL leg", {}],
    [
      "the optional columns left out, a pool request",
      {
        status: "CREATED" as const,
        vehicle: { vrm: "XY99 ZZZ" },
        allowCollectionDateAdjustment: undefined,
        allowDeliveryDateAdjustment: undefined,
        deliveryByTime: null,
        deliverOnSpecifiedDate: false,
        notes: undefined,
        externalId: undefined,
        confirmedBy: undefined,
        requestedBy: undefined,
        linkedJobPin: undefined,
        estimatedCost: undefined,
        trackingToken: null,
        thirdPartyLogisticsProviderId: null,
      },
    ],
  ])("stores what the rows inserted one by one hold: %s", async (_, overrides) => {
    const viaPrisma = newRequest(overrides);
    const viaRaw = { ...newRequest(overrides), id: newId() };
    await insertByHand(viaPrisma);
    await insertMovementRequest(database.kysely, viaRaw);

    const expected = await storedRows(viaPrisma.id);
    const actual = await storedRows(viaRaw.id);
    expect(actual.request).toStrictEqual(expected.request);
    expect(actual.legs).toStrictEqual(expected.legs);
    expect(actual.statusChanges).toStrictEqual(expected.statusChanges);
    expect(actual.ids).toEqual([viaRaw.id, viaRaw.id]);
    expect(actual.request.createdAt.toISOString()).toBe("2026-11-24T10:15:30.123Z");
    expect(actual.legs[0]?.originScheduledOn?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });
});

describe("getSitesOrThrow", () => {
  it("returns the rows findMany returns, by field, and refuses another organisation's site", async () => {
    const { manchester, prepCentre } = world.sites;
    const expected = await database.kysely
      .selectFrom("Site")
      .selectAll()
      .where("id", "in", [manchester.id, prepCentre.id])
      .orderBy("name")
      .execute();
    const sites = await getSitesOrThrow(database.kysely, world.organisation.id, {
      origin: manchester.id,
      destination: prepCentre.id,
      again: manchester.id,
    });
    expect([sites.origin, sites.destination]).toStrictEqual(expected);
    expect(sites.again).toStrictEqual(sites.origin);

    const other = await createMovementWorld(database.prisma);
    await expect(
      getSitesOrThrow(database.kysely, world.organisation.id, { origin: other.sites.manchester.id }),
    ).rejects.toMatchObject({ code: "SITE_NOT_FOUND", message: expect.stringContaining("(origin)") });
  });
});
