import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createInPool } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as createWith3pl } from "@/app/v1/movement-requests/create-with-3pl/route";
import { GET as getRequest } from "@/app/v1/movement-requests/[requestId]/route";
import { transaction } from "@/lib/db";
import { createMovementRequestIn } from "@/lib/movement-requests/create-movement-request";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { createInPlanningPoolBody } from "@/lib/movement-requests/schemas";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { countRows } from "@/test/count-rows";

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;
let noTrackingWorld: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
  noTrackingWorld = await createMovementWorld(database.prisma, { trackingEnabled: false });
});

afterEach(() => {
  vi.useRealTimers();
});

type Body = Record<string, unknown> & { [key: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected loosely

async function post(route: typeof createInPool, body: unknown, apiKey = world.integrationKey) {
  const response = await callRoute(route, { method: "POST", path: "/v1/movement-requests/x", apiKey, body });
  return { status: response.status, body: (await response.json()) as Body, response };
}

describe("POST /v1/movement-requests/create-in-planning-pool", () => {
  it("creates a CREATED request with a ULID, tracking URL and the internal estimate; requestedBy is never returned", async () => {
    const { status, body } = await post(
      createInPool,
      poolRequestBody(world, { requestedBy: "buyer@dealer.test", notes: "Keys at desk" }),
    );
    expect(status).toBe(201);
    expect(body.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(body.status).toBe("CREATED");
    expect(body.trackingUrl).toMatch(/\/track\/[A-Za-z0-9_-]{32}$/);
    expect(body).not.toHaveProperty("requestedBy");
    expect(JSON.stringify(body)).not.toContain("buyer@dealer.test");
    expect(body.vehicle).toEqual({
      vin: "WF0XXXGCDX1234567",
      vrm: "AB12 CDE",
      make: "Ford",
      model: "Focus",
      externalVehicleId: "stock-991",
    });
    const km = greatCircleDistanceKm(world.sites.manchester, world.sites.leeds);
    expect(body.estimatedCost).toEqual(
      estimateCost({ baseCostCents: 2500, perKmCostCents: 60, currencyCode: "GBP" }, km),
    );
    expect(body).not.toHaveProperty("cost");
    expect(body.notes).toBe("Keys at desk");
    const stored = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("id", "=", body.id as string)
      .executeTakeFirstOrThrow();
    expect(stored.requestedBy).toBe("buyer@dealer.test");
  });

  it("returns the same body from GET", async () => {
    const created = await post(createInPool, poolRequestBody(world));
    const response = await callRoute(getRequest, {
      path: `/v1/movement-requests/${created.body.id}`,
      apiKey: world.integrationKey,
      params: { requestId: created.body.id as string },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(created.body);
  });

  it("makes ids that sort in creation order", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await post(createInPool, poolRequestBody(world))).body.id as string);
    expect([...ids].sort()).toEqual(ids);
  });

  it("omits trackingUrl when the organisation has tracking disabled", async () => {
    const { status, body } = await post(
      createInPool,
      poolRequestBody(noTrackingWorld),
      noTrackingWorld.integrationKey,
    );
    expect(status).toBe(201);
    expect(body).not.toHaveProperty("trackingUrl");
  });

  describe("ready-now defaults", () => {
    it("uses today and the current slot at the origin site (London, BST)", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-15T10:30:00Z") }); // 11:30 in London
      const { body } = await post(createInPool, poolRequestBody(world));
      expect(body.origin).toMatchObject({
        readyToCollectFromDate: "2026-06-15",
        readyToCollectFromTimeslot: "AM",
      });
      expect(body.origin).toMatchObject({
        estimatedCollectionDate: "2026-06-15",
        estimatedCollectionTimeslot: "AM",
      });
    });

    it("takes the origin's own date across midnight (Tokyo is already tomorrow, afternoon)", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-15T23:30:00Z") }); // 08:30 on the 16th in Tokyo
      const early = await post(
        createInPool,
        poolRequestBody(world, {
          origin: { location: { type: "INTERNAL", siteId: world.sites.yokohama.id } },
        }),
      );
      expect(early.body.origin).toMatchObject({
        readyToCollectFromDate: "2026-06-16",
        readyToCollectFromTimeslot: "AM",
      });
      vi.setSystemTime(new Date("2026-06-16T03:00:00Z")); // 12:00 in Tokyo
      const noon = await post(
        createInPool,
        poolRequestBody(world, {
          origin: { location: { type: "INTERNAL", siteId: world.sites.yokohama.id } },
        }),
      );
      expect(noon.body.origin).toMatchObject({
        readyToCollectFromDate: "2026-06-16",
        readyToCollectFromTimeslot: "PM",
      });
    });

    it("gives ANYTIME and the UTC date when the origin's zone cannot be resolved", async () => {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-06-15T23:30:00Z") });
      const { body } = await post(
        createInPool,
        poolRequestBody(world, { origin: { location: { type: "INTERNAL", siteId: world.sites.dallas.id } } }),
      );
      expect(body.origin).toMatchObject({
        readyToCollectFromDate: "2026-06-15",
        readyToCollectFromTimeslot: "ANYTIME",
      });
    });

    it("keeps what the caller gave", async () => {
      const origin = {
        location: { type: "INTERNAL", siteId: world.sites.manchester.id },
        readyToCollectFromDate: "2026-12-24",
        readyToCollectFromTimeslot: "PM",
      };
      const { body } = await post(createInPool, poolRequestBody(world, { origin }));
      expect(body.origin).toMatchObject({
        readyToCollectFromDate: "2026-12-24",
        readyToCollectFromTimeslot: "PM",
      });
    });
  });

  describe("deliveryByTime and deliveryByTimeslot", () => {
    const destination = (world: MovementWorld, extra: object) => ({
      location: { type: "INTERNAL", siteId: world.sites.leeds.id },
      deliveryByDate: "2026-12-01",
      ...extra,
    });

    it.each([
      [{ deliveryByTime: "16:00" }, "PM", "16:00"],
      [{ deliveryByTime: "11:59" }, "AM", "11:59"],
      [{ deliveryByTime: "12:00" }, "PM", "12:00"],
      [{ deliveryByTime: "16:00", deliveryByTimeslot: "AM" }, "AM", "16:00"],
      [{}, "ANYTIME", undefined],
    ])("%o gives slot %s, time %s", async (extra, slot, time) => {
      const { body } = await post(
        createInPool,
        poolRequestBody(world, { destination: destination(world, extra) }),
      );
      expect(body.destination.deliveryByTimeslot).toBe(slot);
      expect(body.destination.deliveryByTime).toBe(time);
      expect(body.destination.deliverOnSpecifiedDate).toBe(false);
    });
  });

  describe("refusals", () => {
    it("404 SITE_NOT_FOUND for an unknown site and for another organisation's site", async () => {
      for (const siteId of ["01J00000000000000000000000", otherWorld.sites.leeds.id]) {
        const { status, body } = await post(
          createInPool,
          poolRequestBody(world, {
            destination: { location: { type: "INTERNAL", siteId }, deliveryByDate: "2026-12-01" },
          }),
        );
        expect(status).toBe(404);
        expect(body.code).toBe("SITE_NOT_FOUND");
      }
    });

    it.each([
      ["notes", "n".repeat(1024), 201],
      ["notes", "n".repeat(1025), 400],
      ["notes", "🚗".repeat(1024), 201],
      ["confirmedBy", "c".repeat(128), 201],
      ["confirmedBy", "c".repeat(129), 400],
      ["requestedBy", `${"r".repeat(64)}@${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.test`, 201],
      ["requestedBy", `${"r".repeat(64)}@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(63)}.test`, 400],
      ["requestedBy", "not-an-email", 400],
      ["businessArea", "retail", 400],
      ["transportMethod", "FLOWN", 400],
    ])("%s of %#: %s", async (field, value, expected) => {
      const { status, body } = await post(createInPool, poolRequestBody(world, { [field]: value }));
      expect(status).toBe(expected);
      if (expected === 400)
        expect(body).toMatchObject({
          code: "VALIDATION_ERROR",
          errors: [expect.objectContaining({ path: field })],
        });
    });

    it("400 INVALID_VRM and INVALID_VIN, and nothing is created", async () => {
      const before = await countRows(database.kysely, "MovementRequest");
      const vrm = await post(createInPool, poolRequestBody(world, { vehicle: { vrm: "NOT A PLATE 1" } }));
      expect(vrm.status).toBe(400);
      expect(vrm.body.code).toBe("INVALID_VRM");
      const vin = await post(createInPool, poolRequestBody(world, { vehicle: { vin: "IOQ123" } }));
      expect(vin.status).toBe(400);
      expect(vin.body.code).toBe("INVALID_VIN");
      expect(await countRows(database.kysely, "MovementRequest")).toBe(before);
    });

    it("400 for a vehicle with neither vin nor vrm, and for unknown fields", async () => {
      expect((await post(createInPool, poolRequestBody(world, { vehicle: { make: "Ford" } }))).status).toBe(
        400,
      );
      expect((await post(createInPool, poolRequestBody(world, { colour: "red" }))).status).toBe(400);
    });
  });
});

describe("POST /v1/movement-requests/create-with-3pl", () => {
  const body3pl = (world: MovementWorld, providerId: string, extra: Record<string, unknown> = {}) => ({
    ...poolRequestBody(world, extra),
    thirdPartyLogisticsProviderId: providerId,
  });

  it("dispatches to the 3PL: SENT_TO_3PL, its provider shape, its estimate, no tracking until accepted", async () => {
    const origin = {
      location: { type: "INTERNAL", siteId: world.sites.manchester.id },
      allowCollectionDateAdjustment: true,
    };
    const destination = {
      location: { type: "INTERNAL", siteId: world.sites.leeds.id },
      deliveryByDate: "2026-12-01",
      allowDeliveryDateAdjustment: false,
    };
    const { status, body } = await post(
      createWith3pl,
      body3pl(world, world.providers.fullService.id, { origin, destination }),
    );
    expect(status).toBe(201);
    expect(body.status).toBe("SENT_TO_3PL");
    expect(body.provider).toEqual({
      type: "THIRD_PARTY_LOGISTICS",
      id: world.providers.fullService.id,
      name: "Full Service Logistics",
    });
    expect(body.origin.allowCollectionDateAdjustment).toBe(true);
    expect(body.destination.allowDeliveryDateAdjustment).toBe(false);
    expect(body).not.toHaveProperty("trackingUrl");
    const km = greatCircleDistanceKm(world.sites.manchester, world.sites.leeds);
    expect(body.estimatedCost).toEqual(
      estimateCost({ baseCostCents: 4500, perKmCostCents: 95, currencyCode: "GBP" }, km),
    );
  });

  it("has no estimatedCost when the 3PL has no rate card for the method", async () => {
    const { status, body } = await post(
      createWith3pl,
      body3pl(world, world.providers.noTransportedCard.id, { transportMethod: "TRANSPORTED" }),
    );
    expect(status).toBe(201);
    expect(body).not.toHaveProperty("estimatedCost");
  });

  it("400 THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND for an unknown 3PL or one not configured for the profile", async () => {
    for (const providerId of ["no-such-provider", world.providers.unconfigured.id]) {
      const { status, body } = await post(createWith3pl, body3pl(world, providerId));
      expect(status).toBe(400);
      expect(body.code).toBe("THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND");
    }
  });

  it("400 PROVIDER_CANNOT_FULFIL_MOVEMENT when the 3PL lacks the transport method", async () => {
    const { status, body } = await post(
      createWith3pl,
      body3pl(world, world.providers.drivenOnly.id, { transportMethod: "TRANSPORTED" }),
    );
    expect(status).toBe(400);
    expect(body.code).toBe("PROVIDER_CANNOT_FULFIL_MOVEMENT");
  });

  it("refuses the 3PL-only flags on the planning pool", async () => {
    const origin = {
      location: { type: "INTERNAL", siteId: world.sites.manchester.id },
      allowCollectionDateAdjustment: true,
    };
    expect((await post(createInPool, poolRequestBody(world, { origin }))).status).toBe(400);
  });
});

describe("the created request, as returned by the create", () => {
  // The create builds its response from what its writes returned, not from a second read: it must be
  // what a read gives back, a prep job's link and a 3PL leg's provider included ("returns the same body
  // from GET" above checks the planning pool's through the routes).
  const creator = () => ({
    organisationId: world.organisation.id,
    profileId: world.profile.id,
    actor: "integration test",
    email: "creator@dealer.test",
  });

  it("equals the request read back: a 3PL leg into a prep site, with its new prep job linked", async () => {
    const body = createInPlanningPoolBody.parse({
      ...poolRequestBody(world, { vehicle: { vin: "WF0XXXGCDX7654321", vrm: "CD34 EFG" } }),
      destination: {
        location: { type: "INTERNAL", siteId: world.sites.prepCentre.id },
        deliveryByDate: "2031-01-10",
      },
    });
    const [created, readBack] = await transaction(async (tx) => {
      const request = await createMovementRequestIn(tx, creator(), body, {
        to: "thirdPartyLogistics",
        providerId: world.providers.fullService.id,
      });
      return [request, await getMovementRequestOrThrow(tx, creator(), request.id)];
    });
    expect(created.prepJobId).not.toBeNull();
    expect(created.prepJobDirection).toBe("INBOUND");
    expect(created.movements[0]?.provider?.id).toBe(world.providers.fullService.id);
    expect(created).toEqual(readBack);
  });
});

describe("audit trail", () => {
  it("records the creation with its actor", async () => {
    const { body } = await post(createInPool, poolRequestBody(world));
    const trail = await database.kysely
      .selectFrom("MovementRequestStatusChange")
      .selectAll()
      .where("movementRequestId", "=", body.id as string)
      .execute();
    expect(trail).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: "CREATED",
        actor: expect.stringMatching(/^api-key:vms_/),
      }),
    ]);
  });
});
