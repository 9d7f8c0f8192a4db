import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { getBoardDetail } from "@/lib/movement-requests/board/get-board-detail";
import { cancelMovementRequest } from "@/lib/movement-requests/cancel-movement-request";
import { markCollected } from "@/lib/movement-requests/operations/mark-collected";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsApi } from "@/test/operations-test-kit";
import { planWithDriver } from "@/lib/movement-requests/operations/plan-with-driver";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { registerEndpoint } from "@/test/webhook-world";
import { acceptedByDriverReason } from "@/lib/movement-requests/actor-names";
import { createDriver, createProfile, createUser } from "@/prisma/factories";

const { createPoolRequest } = operationsApi({ createInPool: createInPoolRoute });

const database = setupTestDatabase();
let world: MovementWorld;
let other: MovementWorld;
let requestId: string;
let ann: { id: string };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  other = await createMovementWorld(database.prisma);
  ann = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    firstname: "Ann",
    surname: "Archer",
  });
  await createUser(database.prisma, {
    organisationId: world.organisation.id,
    email: "dispatcher@example.test",
    name: "Dana Dispatcher",
  });
  await registerEndpoint(createEndpointRoute, world, "http://127.0.0.1:9/hook");
  const created = await createPoolRequest(world, { notes: "Keys at reception", externalId: "ORDER-9" });
  requestId = created.id as string;
  // Staff act across the organisation: a scope without a profile, as the board's actions pass it.
  const staff = { organisationId: world.organisation.id, actor: "user:dispatcher@example.test" };
  await planWithDriver(staff, requestId, { driverId: ann.id });
  await markCollected(staff, requestId, {});
  // Another request of the organisation, whose events must not appear.
  const unrelated = await createPoolRequest(world);
  await cancelMovementRequest(staff, unrelated.id as string);
});

describe("getBoardDetail", () => {
  it("returns every field, the legs, and the audit trail newest first", async () => {
    const detail = await getBoardDetail(world.organisation.id, requestId);
    expect(detail.row).toMatchObject({
      id: requestId,
      status: "IN_PROGRESS",
      carrier: { type: "DRIVER", id: ann.id, name: "Ann Archer" },
      origin: { name: "Manchester" },
      destination: { name: "Leeds" },
    });
    expect(detail).toMatchObject({
      notes: "Keys at reception",
      profile: { id: world.profile.id },
      trackingUrl: expect.stringMatching(/\/track\//),
      prepJob: null,
    });
    expect(detail.legs).toHaveLength(1);
    expect(detail.legs[0]).toMatchObject({
      legNumber: 1,
      status: "IN_PROGRESS",
      carrier: { type: "DRIVER", name: "Ann Archer" },
      collection: { actual: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      delivery: { actual: null },
    });
    expect(detail.auditTrail.map((entry) => [entry.from, entry.to, entry.actor])).toEqual([
      ["PLANNED", "IN_PROGRESS", "Dana Dispatcher (dispatcher@example.test)"],
      ["CREATED", "PLANNED", "Dana Dispatcher (dispatcher@example.test)"],
      [null, "CREATED", expect.stringMatching(/^API key “.+”$/)],
    ]);
    expect(detail.auditTrail[1]?.reason).toBe("Leg 1 planned with Ann Archer");
  });

  it("names every kind of actor in the audit trail, never a raw id, and only from its own organisation", async () => {
    const named = await createPoolRequest(world);
    const carrierUser = await createUser(database.prisma, {
      organisationId: world.organisation.id,
      role: "CARRIER",
    });
    const carrier = await database.kysely
      .insertInto("MarketplaceCarrier")
      .values({
        id: newId(),
        organisationId: world.organisation.id,
        userId: carrierUser.id,
        name: "Moorland Transfers",
        kind: "THIRD_PARTY_LOGISTICS",
        transportMethods: ["DRIVEN"],
        postcodeAreas: ["M"],
        invitedBy: "user:dispatcher@example.test",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const stranger = await createDriver(database.prisma, {
      organisationId: other.organisation.id,
      firstname: "Stan",
      surname: "Stranger",
    });
    const change = (actor: string, reason: string | null, minute: number) => ({
      id: newId(),
      organisationId: world.organisation.id,
      movementRequestId: named.id as string,
      fromStatus: "CREATED" as const,
      toStatus: "CREATED" as const,
      actor,
      reason,
      occurredAt: new Date(Date.UTC(2030, 0, 1, 0, minute)),
    });
    await database.kysely
      .insertInto("MovementRequestStatusChange")
      .values([
        change(`driver:${ann.id}`, null, 1),
        change(`3pl:${world.providers.fullService.id}`, null, 2),
        change(`carrier:${carrier.id}`, null, 3),
        change("system", null, 4),
        change(`driver:${stranger.id}`, null, 5),
        change("api-key:vms_gone", acceptedByDriverReason(ann.id), 6),
      ])
      .execute();
    const detail = await getBoardDetail(world.organisation.id, named.id as string);
    expect(detail.auditTrail.slice(0, 6).map((entry) => [entry.actor, entry.reason])).toEqual([
      ["API key vms_gone…", "Accepted for Ann Archer (driver)"],
      ["A driver (no longer listed)", null],
      ["System", null],
      ["Moorland Transfers (marketplace carrier)", null],
      ["Full Service Logistics (3PL)", null],
      ["Ann Archer (driver)", null],
    ]);
    expect(JSON.stringify(detail.auditTrail)).not.toMatch(
      new RegExp([ann.id, stranger.id, carrier.id].join("|")),
    );
  });

  it("returns the events of the request and its legs, newest first, with their webhook deliveries", async () => {
    const detail = await getBoardDetail(world.organisation.id, requestId);
    expect(detail.events.map((event) => event.type)).toEqual([
      "movement.collected",
      "movement_request.status_changed",
      "movement_request.status_changed",
      "movement_request.created",
    ]);
    const sequences = detail.events.map((event) => BigInt(event.sequence));
    expect([...sequences].sort((a, b) => (a < b ? 1 : -1))).toEqual(sequences);
    const [collected, toInProgress, toPlanned, created] = detail.events;
    expect(collected).toMatchObject({
      resourceType: "movement",
      legNumber: 1,
      summary: "Leg 1 collected",
      published: true,
    });
    expect(toInProgress?.summary).toBe("Planned → On its way by Dana Dispatcher (dispatcher@example.test)");
    expect(toPlanned?.summary).toBe(
      "Awaiting planning → Planned by Dana Dispatcher (dispatcher@example.test)",
    );
    expect(created).toMatchObject({
      summary: "Created: Awaiting planning",
      published: false,
      deliveries: [],
    });
    expect(collected?.deliveries).toEqual([
      {
        id: expect.any(String),
        endpointUrl: "http://127.0.0.1:9/hook",
        status: "PENDING",
        attemptCount: 0,
        nextAttemptAt: expect.any(String),
        lastAttempt: null,
      },
    ]);
  });

  it("gives each delivery its last attempt", async () => {
    const delivery = await database.kysely
      .selectFrom("WebhookDelivery as delivery")
      .innerJoin("Event as event", "event.id", "delivery.eventId")
      .innerJoin("WebhookEndpoint as endpoint", "endpoint.id", "delivery.endpointId")
      .selectAll("delivery")
      .where("event.type", "=", "movement.collected")
      .where("event.resourceType", "=", "movement")
      .where("endpoint.profileId", "=", world.profile.id)
      .executeTakeFirstOrThrow();
    const attempt = (n: number, status: number | null, error: string | null, at: string) => ({
      id: newId(),
      organisationId: world.organisation.id,
      deliveryId: delivery.id,
      endpointId: delivery.endpointId,
      attemptNumber: n,
      attemptedAt: new Date(at),
      durationMs: 120,
      responseStatus: status,
      error,
      succeeded: status === 200,
    });
    await database.kysely
      .insertInto("WebhookAttempt")
      .values([
        attempt(1, null, "connect ECONNREFUSED", "2026-11-20T10:00:00Z"),
        attempt(2, 503, null, "2026-11-20T10:00:05Z"),
      ])
      .execute();
    await database.kysely
      .updateTable("WebhookDelivery")
      .set({ status: "FAILED", attemptCount: 2 })
      .where("id", "=", delivery.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const detail = await getBoardDetail(world.organisation.id, requestId);
    expect(detail.events[0]?.deliveries[0]).toMatchObject({
      status: "FAILED",
      attemptCount: 2,
      nextAttemptAt: null,
      lastAttempt: {
        responseStatus: 503,
        error: null,
        succeeded: false,
        attemptedAt: "2026-11-20T10:00:05.000Z",
      },
    });
  });

  it("offers the 3PLs configured for the request's profile that carry its transport method", async () => {
    const detail = await getBoardDetail(world.organisation.id, requestId);
    expect(detail.providers.map((provider) => provider.name)).toEqual([
      "Driven Only",
      "Full Service Logistics",
      "No Transported Card",
    ]);
  });

  it("is not found for another organisation, whichever profile asks, and for an unknown id", async () => {
    const notFound = { code: "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND" };
    await expect(getBoardDetail(other.organisation.id, requestId)).rejects.toMatchObject(notFound);
    await expect(getBoardDetail(world.organisation.id, newId())).rejects.toBeInstanceOf(AppError);
    await expect(getBoardDetail(world.organisation.id, "not an id")).rejects.toMatchObject(notFound);
    // A second profile of the same organisation does not hide it: staff see the whole organisation.
    await createProfile(database.prisma, { organisationId: world.organisation.id });
    expect((await getBoardDetail(world.organisation.id, requestId)).row.id).toBe(requestId);
  });
});
