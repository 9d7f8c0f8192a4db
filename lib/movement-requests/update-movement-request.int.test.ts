import { beforeAll, describe, expect, it } from "vitest";
import { POST as createInPool } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { PATCH as patchRoute } from "@/app/v1/movement-requests/[requestId]/route";
import { fromDateOnly } from "@/lib/dates";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createMovementRequest } from "@/prisma/factories";

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are compared loosely
type Body = Record<string, any>;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
});

async function createRequest(): Promise<Body> {
  const body = poolRequestBody(world, {
    origin: {
      location: { type: "INTERNAL", siteId: world.sites.manchester.id },
      readyToCollectFromDate: "2026-12-01",
      readyToCollectFromTimeslot: "AM",
    },
    destination: {
      location: { type: "INTERNAL", siteId: world.sites.leeds.id },
      deliveryByDate: "2026-12-05",
      deliveryByTime: "16:00",
      deliverOnSpecifiedDate: false,
    },
    notes: "original notes",
    linkedJobInformation: { pin: "1111" },
  });
  const response = await callRoute(createInPool, {
    method: "POST",
    path: "/v1/movement-requests/create-in-planning-pool",
    apiKey: world.integrationKey,
    body,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Body;
}

async function patch(id: string, body: unknown, apiKey = world.integrationKey) {
  const response = await callRoute(patchRoute, {
    method: "PATCH",
    path: `/v1/movement-requests/${id}`,
    apiKey,
    body,
    params: { requestId: id },
  });
  return { status: response.status, body: (await response.json()) as Body };
}

/** The body with the fields a change legitimately touches taken out. */
function without(body: Body, paths: string[]): Body {
  const copy = structuredClone(body);
  for (const path of paths) {
    const keys = path.split(".");
    const last = keys.pop()!;
    const parent = keys.reduce<Body>((node, key) => node[key] as Body, copy);
    delete parent[last];
  }
  return copy;
}

describe("PATCH /v1/movement-requests/{requestId}", () => {
  // [patch body, the paths it changes (with what they derive), the expected new values]
  const cases: [string, () => Body, string[], (body: Body) => void][] = [
    [
      "origin.location",
      () => ({ origin: { location: { type: "INTERNAL", siteId: world.sites.prepCentre.id } } }),
      ["origin.location", "estimatedCost"],
      (body) => expect(body.origin.location.siteId).toBe(world.sites.prepCentre.id),
    ],
    [
      "origin.readyToCollectFromTimeslot",
      () => ({ origin: { readyToCollectFromTimeslot: "PM" } }),
      ["origin.readyToCollectFromTimeslot", "origin.estimatedCollectionTimeslot"],
      (body) => expect(body.origin.readyToCollectFromTimeslot).toBe("PM"),
    ],
    [
      "origin.readyToCollectFromDate",
      () => ({ origin: { readyToCollectFromDate: "2026-12-02" } }),
      ["origin.readyToCollectFromDate", "origin.estimatedCollectionDate"],
      (body) => expect(body.origin.readyToCollectFromDate).toBe("2026-12-02"),
    ],
    [
      "destination.location",
      () => ({ destination: { location: { type: "INTERNAL", siteId: world.sites.yokohama.id } } }),
      ["destination.location", "estimatedCost", "estimatedArrival"],
      (body) => expect(body.destination.location.siteId).toBe(world.sites.yokohama.id),
    ],
    [
      "destination.deliveryByTimeslot",
      () => ({ destination: { deliveryByTimeslot: "AM" } }),
      ["destination.deliveryByTimeslot", "destination.estimatedDeliveryTimeslot", "estimatedArrival"],
      (body) => expect(body.destination).toMatchObject({ deliveryByTimeslot: "AM", deliveryByTime: "16:00" }),
    ],
    [
      "destination.deliveryByDate",
      () => ({ destination: { deliveryByDate: "2026-12-24" } }),
      ["destination.deliveryByDate", "destination.estimatedDeliveryDate", "estimatedArrival"],
      (body) => expect(body.destination.deliveryByDate).toBe("2026-12-24"),
    ],
    [
      "destination.deliverOnSpecifiedDate",
      () => ({ destination: { deliverOnSpecifiedDate: true } }),
      ["destination.deliverOnSpecifiedDate"],
      (body) => expect(body.destination.deliverOnSpecifiedDate).toBe(true),
    ],
    ["notes", () => ({ notes: "new notes" }), ["notes"], (body) => expect(body.notes).toBe("new notes")],
    [
      "linkedJobInformation",
      () => ({ linkedJobInformation: { pin: "2222" } }),
      ["linkedJobInformation"],
      (body) => expect(body.linkedJobInformation).toEqual({ pin: "2222" }),
    ],
  ];

  it.each(cases)(
    "changes %s and leaves everything else as it was",
    async (_name, patchBody, touched, check) => {
      const before = await createRequest();
      const { status, body } = await patch(before.id as string, patchBody());
      expect(status).toBe(200);
      check(body);
      expect(without(body, touched)).toEqual(without(before, touched));
    },
  );

  it("leaves everything unchanged for an empty body", async () => {
    const before = await createRequest();
    const { status, body } = await patch(before.id as string, {});
    expect(status).toBe(200);
    expect(body).toEqual(before);
  });

  it("re-prices the estimate when a location changes", async () => {
    const before = await createRequest();
    const { body } = await patch(before.id as string, {
      destination: { location: { type: "INTERNAL", siteId: world.sites.yokohama.id } },
    });
    expect(body.estimatedCost.centAmount).toBeGreaterThan(before.estimatedCost.centAmount as number);
  });

  it("moves the leg's ends with the request", async () => {
    const before = await createRequest();
    await patch(before.id as string, {
      destination: {
        location: { type: "INTERNAL", siteId: world.sites.prepCentre.id },
        deliveryByDate: "2026-12-20",
      },
    });
    const [leg] = await database.kysely
      .selectFrom("Movement")
      .selectAll()
      .where("movementRequestId", "=", before.id as string)
      .execute();
    expect(leg).toMatchObject({ destinationSiteId: world.sites.prepCentre.id });
    expect(leg?.destinationScheduledOn?.toISOString().slice(0, 10)).toBe("2026-12-20");
  });

  it("with two legs, moves the first leg's start and the last leg's end only", async () => {
    const { manchester, prepCentre, leeds, yokohama } = world.sites;
    const request = await createMovementRequest(database.prisma, {
      organisationId: world.organisation.id,
      profileId: world.profile.id,
      originSiteId: manchester.id,
      destinationSiteId: leeds.id,
      legs: [{ destinationSiteId: prepCentre.id }, {}],
    });
    const [first, last] = request.movements;
    const { status } = await patch(request.id, {
      origin: { location: { type: "INTERNAL", siteId: yokohama.id }, readyToCollectFromTimeslot: "PM" },
      destination: { deliveryByDate: "2026-12-24" },
    });
    expect(status).toBe(200);

    const legs = await database.kysely
      .selectFrom("Movement")
      .selectAll()
      .where("movementRequestId", "=", request.id)
      .orderBy("legNumber")
      .execute();
    const changedAt = legs[0]!.updatedAt;
    expect(legs).toEqual([
      { ...first, originSiteId: yokohama.id, originScheduledTimeslot: "PM", updatedAt: changedAt },
      { ...last, destinationScheduledOn: fromDateOnly("2026-12-24"), updatedAt: changedAt },
    ]);
    expect(changedAt.getTime()).toBeGreaterThan(first!.updatedAt.getTime());
  });

  it("404 SITE_NOT_FOUND for another organisation's site, and nothing changes", async () => {
    const before = await createRequest();
    const { status, body } = await patch(before.id as string, {
      origin: { location: { type: "INTERNAL", siteId: otherWorld.sites.leeds.id } },
      notes: "should not stick",
    });
    expect(status).toBe(404);
    expect(body.code).toBe("SITE_NOT_FOUND");
    const stored = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("id", "=", before.id as string)
      .executeTakeFirstOrThrow();
    expect(stored.notes).toBe("original notes");
  });

  it("404 for another profile's request and for an unknown id", async () => {
    const before = await createRequest();
    expect((await patch(before.id as string, { notes: "x" }, otherWorld.integrationKey)).body.code).toBe(
      "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
    );
    const unknown = await patch("01J0000000000000000000000Z", { notes: "x" });
    expect(unknown.status).toBe(404);
  });

  it("400 for fields that cannot be patched and for invalid values", async () => {
    const before = await createRequest();
    for (const body of [
      { status: "DELIVERED" },
      { vehicle: { vin: "WF0XXXGCDX7654321" } },
      { destination: { deliveryByTime: "10:00" } },
      { notes: "n".repeat(1025) },
      { origin: { readyToCollectFromTimeslot: "EVENING" } },
      { destination: { deliveryByDate: "2026-02-30" } },
    ]) {
      const result = await patch(before.id as string, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.code).toBe("VALIDATION_ERROR");
    }
  });

  it("is refused once the movement is in progress (400 MOVEMENT_REQUEST_NOT_EDITABLE), changing nothing", async () => {
    const before = await createRequest();
    await database.kysely
      .updateTable("MovementRequest")
      .set({ status: "IN_PROGRESS" })
      .where("id", "=", before.id as string)
      .returningAll()
      .executeTakeFirstOrThrow();
    const { status, body } = await patch(before.id as string, { notes: "too late" });
    expect(status).toBe(400);
    expect(body.code).toBe("MOVEMENT_REQUEST_NOT_EDITABLE");
    const stored = await database.kysely
      .selectFrom("MovementRequest")
      .selectAll()
      .where("id", "=", before.id as string)
      .executeTakeFirstOrThrow();
    expect(stored.notes).toBe("original notes");
  });
});
