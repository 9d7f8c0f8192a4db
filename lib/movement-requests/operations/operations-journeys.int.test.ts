// Whole journeys through the operations API, as a driver app or a 3PL would make them, checked through
// the integration API's GET, the audit trail and the published events.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getRequest } from "@/app/v1/movement-requests/[requestId]/route";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as acceptRoute } from "@/app/v1/operations/movement-requests/[requestId]/accept/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as abortedRoute } from "@/app/v1/operations/movement-requests/[requestId]/aborted/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { POST as createWith3plRoute } from "@/app/v1/movement-requests/create-with-3pl/route";
import { auditTrailOf, operationsActor, publishedEventsOf, operationsApi } from "@/test/operations-test-kit";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver } from "@/prisma/factories";

const { create3plRequest, createPoolRequest, operateOk } = operationsApi({
  assign: assignRoute,
  accept: acceptRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  aborted: abortedRoute,
  createInPool: createInPoolRoute,
  createWith3pl: createWith3plRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let ann: { id: string };

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  ann = await createDriver(database.prisma, {
    organisationId: world.organisation.id,
    firstname: "Ann",
    surname: "Archer",
  });
});

async function integrationView(requestId: string) {
  const response = await callRoute(getRequest, {
    path: `/v1/movement-requests/${requestId}`,
    apiKey: world.integrationKey,
    params: { requestId },
  });
  return (await response.json()) as Record<string, unknown>;
}

describe("journeys", () => {
  it("pool → planWithDriver → collected → delivered", async () => {
    const created = await createPoolRequest(world);
    const steps = [
      await operateOk(world, "assign", created.id, { driverId: ann.id }),
      await operateOk(world, "collected", created.id),
      await operateOk(world, "delivered", created.id),
    ];
    expect(steps.map((step) => step.status)).toEqual(["PLANNED", "IN_PROGRESS", "DELIVERED"]);
    const final = steps.at(-1);
    expect(final?.trackingUrl).toBe(created.trackingUrl);
    expect(final?.cost).toEqual(created.estimatedCost);
    expect(await integrationView(created.id)).toEqual(final);

    const trail = await auditTrailOf(database.kysely, created.id);
    expect(trail.map((entry) => [entry.fromStatus, entry.toStatus, entry.actor])).toEqual([
      [null, "CREATED", expect.stringMatching(/^api-key:/)],
      ["CREATED", "PLANNED", operationsActor(world)],
      ["PLANNED", "IN_PROGRESS", operationsActor(world)],
      ["IN_PROGRESS", "DELIVERED", operationsActor(world)],
    ]);
    const events = await publishedEventsOf(database.kysely, created.id);
    expect(events.map((event) => [event.type, event.parsed.movement.status])).toEqual([
      ["movement.collected", "IN_PROGRESS"],
      ["movement.delivered", "DELIVERED"],
    ]);
    for (const event of events) {
      expect(event.parsed.eventId).toBe(event.id);
      expect(event.parsed.occurredAt).toMatch(/Z$/);
      expect(event.parsed.movement.driverName).toBe("Ann Archer");
    }
  });

  it("3PL → accept → collected → aborted", async () => {
    const created = await create3plRequest(world);
    const steps = [
      await operateOk(world, "accept", created.id),
      await operateOk(world, "collected", created.id),
      await operateOk(world, "aborted", created.id, { reason: "CancelledTooLate", detail: "Buyer withdrew" }),
    ];
    expect(steps.map((step) => step.status)).toEqual(["ACCEPTED_SENT_TO_3PL", "IN_PROGRESS", "ABORTED"]);
    const final = steps.at(-1);
    expect(final?.trackingUrl).toMatch(/\/track\//);
    expect(final?.cost).toEqual(created.estimatedCost);
    expect(final).not.toHaveProperty("completedOn");
    expect(await integrationView(created.id)).toEqual(final);

    const events = await publishedEventsOf(database.kysely, created.id);
    expect(events.map((event) => event.type)).toEqual(["movement.collected", "movement.aborted"]);
    expect(events[1]?.parsed.movement.abortReason).toBe("CancelledTooLate");
    expect(events.some((event) => event.envelope?.includes("Buyer withdrew"))).toBe(false);
    for (const event of events) expect(event.parsed.movement).not.toHaveProperty("driverName");
  });
});
