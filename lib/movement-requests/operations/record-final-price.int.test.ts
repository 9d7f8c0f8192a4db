// POST /v1/operations/movement-requests/{id}/price (issue 17): the carrier's final price becomes the
// request's cost, every price stays in the audit, an event records it; bad input changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { POST as cancel } from "@/app/v1/movement-requests/[requestId]/cancel/route";
import { FINAL_PRICE_EVENT } from "@/lib/movement-requests/operations/record-final-price";
import { callRoute } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as acceptRoute } from "@/app/v1/operations/movement-requests/[requestId]/accept/route";
import { POST as collectedRoute } from "@/app/v1/operations/movement-requests/[requestId]/collected/route";
import { POST as deliveredRoute } from "@/app/v1/operations/movement-requests/[requestId]/delivered/route";
import { POST as priceRoute } from "@/app/v1/operations/movement-requests/[requestId]/price/route";
import { POST as createInPoolRoute } from "@/app/v1/movement-requests/create-in-planning-pool/route";
import { operationsActor, snapshotOf, operationsApi } from "@/test/operations-test-kit";
import { setupTestDatabase } from "@/test/test-database";

const { createPoolRequest, operate, operateOk } = operationsApi({
  assign: assignRoute,
  accept: acceptRoute,
  collected: collectedRoute,
  delivered: deliveredRoute,
  price: priceRoute,
  createInPool: createInPoolRoute,
});

const database = setupTestDatabase();
let world: MovementWorld;
let otherWorld: MovementWorld;

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  otherWorld = await createMovementWorld(database.prisma);
});

const gbp = (centAmount: number) => ({ cost: { centAmount, currencyCode: "GBP" } });
const pricesOf = (requestId: string) =>
  database.kysely
    .selectFrom("MovementRequestPrice")
    .selectAll()
    .where("movementRequestId", "=", requestId)
    .orderBy("recordedAt")
    .execute();

describe("the carrier's final price", () => {
  it("becomes the request's cost, with an audit entry and an event", async () => {
    const created = await createPoolRequest(world);
    expect(created.estimatedCost?.currencyCode).toBe("GBP");
    expect(created.cost).toBeUndefined();

    const priced = await operateOk(world, "price", created.id, gbp(24_150));
    expect(priced.cost).toEqual({ centAmount: 24_150, currencyCode: "GBP" });
    expect(priced.estimatedCost).toEqual(created.estimatedCost);
    expect(priced.status).toBe("CREATED");

    const [audit] = await pricesOf(created.id);
    expect(audit).toMatchObject({ centAmount: 24_150, currencyCode: "GBP", actor: operationsActor(world) });
    const events = await database.kysely
      .selectFrom("Event")
      .selectAll()
      .where("resourceId", "=", created.id)
      .where("type", "=", FINAL_PRICE_EVENT)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.resourceVersion).toBe(2);
    expect(events[0]?.envelope).toBeNull(); // internal: not a webhook
    expect(events[0]?.payload).toEqual({
      actor: operationsActor(world),
      cost: { centAmount: 24_150, currencyCode: "GBP" },
      previousCost: null,
      estimatedCost: created.estimatedCost,
    });
  });

  it("is replaced by a second price; the audit keeps both", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "price", created.id, gbp(10_000));
    const second = await operateOk(world, "price", created.id, gbp(12_500));
    expect(second.cost).toEqual({ centAmount: 12_500, currencyCode: "GBP" });
    expect((await pricesOf(created.id)).map((price) => price.centAmount)).toEqual([10_000, 12_500]);
    const latest = await database.kysely
      .selectFrom("Event")
      .selectAll()
      .where("resourceId", "=", created.id)
      .where("type", "=", FINAL_PRICE_EVENT)
      .orderBy("resourceVersion", "desc")
      .executeTakeFirstOrThrow();
    expect(latest.payload).toMatchObject({ previousCost: { centAmount: 10_000, currencyCode: "GBP" } });
  });

  it("is accepted after delivery, when the invoice comes", async () => {
    const created = await createPoolRequest(world);
    await operateOk(world, "accept", created.id);
    const driver = await database.kysely
      .insertInto("Driver")
      .values({
        id: `drv-${created.id}`,
        organisationId: world.organisation.id,
        firstname: "Ivy",
        surname: "Invoice",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await operateOk(world, "assign", created.id, { driverId: driver.id });
    await operateOk(world, "collected", created.id);
    const delivered = await operateOk(world, "delivered", created.id);
    expect(delivered.status).toBe("DELIVERED");
    const priced = await operateOk(world, "price", created.id, gbp(9_999));
    expect(priced.cost).toEqual({ centAmount: 9_999, currencyCode: "GBP" });
  });

  describe("bad input gets a problem and changes nothing", () => {
    it.each([
      ["a negative amount", { cost: { centAmount: -1, currencyCode: "GBP" } }, "cost.centAmount"],
      [
        "another currency than the estimate's",
        { cost: { centAmount: 100, currencyCode: "EUR" } },
        "cost.currencyCode",
      ],
      ["a currency in lower case", { cost: { centAmount: 100, currencyCode: "gbp" } }, "cost.currencyCode"],
      ["a fractional amount", { cost: { centAmount: 10.5, currencyCode: "GBP" } }, "cost.centAmount"],
      ["no cost", {}, "cost"],
      ["an unknown property", { ...gbp(100), discount: 5 }, ""],
    ])("%s: 400", async (_name, body, path) => {
      const created = await createPoolRequest(world);
      const before = await snapshotOf(database.kysely, created.id);
      const answer = await operate(world, "price", created.id, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("VALIDATION_ERROR");
      if (path) expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path);
      expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
      expect(await pricesOf(created.id)).toEqual([]);
    });

    it("a cancelled request: 409", async () => {
      const created = await createPoolRequest(world);
      const cancelled = await callRoute(cancel, {
        method: "POST",
        path: `/v1/movement-requests/${created.id}/cancel`,
        apiKey: world.integrationKey,
        params: { requestId: created.id },
      });
      expect(cancelled.status).toBe(200);
      const before = await snapshotOf(database.kysely, created.id);
      const answer = await operate(world, "price", created.id, gbp(5_000));
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe("INVALID_STATUS_TRANSITION");
      expect(await snapshotOf(database.kysely, created.id)).toEqual(before);
      expect(await pricesOf(created.id)).toEqual([]);
    });

    it("another organisation's request: 404, and an integration key: 403", async () => {
      const created = await createPoolRequest(world);
      const foreign = await operate(otherWorld, "price", created.id, gbp(5_000));
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND");
      const wrongScope = await operate(world, "price", created.id, gbp(5_000), world.integrationKey);
      expect(wrongScope.status).toBe(403);
      expect(await pricesOf(created.id)).toEqual([]);
    });
  });
});
