import { describe, expect, it } from "vitest";
import { POST as cancelRoute } from "@/app/v1/movement-requests/[requestId]/cancel/route";
import { POST as assignRoute } from "@/app/v1/operations/movement-requests/[requestId]/assign/route";
import { POST as acceptRoute } from "@/app/v1/operations/planning-pool/plans/[id]/accept/route";
import { POST as createPlanRoute } from "@/app/v1/operations/planning-pool/plans/route";
import { kysely } from "@/lib/db";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { acceptPoolPlan } from "@/lib/planning/accept-pool-plan";
import { askForPoolPlan } from "@/lib/planning/create-pool-plan";
import { lockPoolPlanRequest, movePoolPlanRequest, replanPoolPlan } from "@/lib/planning/edit-pool-plan";
import { planRequestedPlans } from "@/lib/planning/plan-requested-plans";
import { toPoolPlanResponse } from "@/lib/planning/pool-plan-response";
import { getPoolPlanReview } from "@/lib/planning/pool-plan-review";
import { loadPlanningInput } from "@/lib/planning/load-planning-input";
import type { PoolPlanResponse } from "@/lib/planning/schemas";
import { callRoute, type RouteHandler } from "@/test/call-route";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { snapshotOf } from "@/test/operations-test-kit";
import { checkPlan } from "@/test/planning/check-plan";
import { setupTestDatabase } from "@/test/test-database";
import { createDriver, createMovementRequest, dateOnlyFromToday, utcDate } from "@/prisma/factories";
import type { MovementRequestInput } from "@/prisma/factories";

const database = setupTestDatabase();
const FROM = dateOnlyFromToday(1);
const TO = dateOnlyFromToday(2);
const allWeek = Object.fromEntries(
  ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((day) => [day, { start: "06:00", end: "22:00" }]),
);

/**
 * A pool over tomorrow and the day after: short lanes between Manchester, Leeds and the prep centre in
 * every kind of timeslot, one on a transporter, one to Yokohama (no driver's day reaches it), one due
 * before it is ready; beside it a planned request and another organisation's pool request.
 */
async function seededPool() {
  const world = await createMovementWorld(database.prisma);
  const other = await createMovementWorld(database.prisma);
  const organisationId = world.organisation.id;
  const { manchester, leeds, prepCentre, yokohama } = world.sites;
  const driver = (firstname: string, homeSiteId: string | null, transporterLicence = false) =>
    createDriver(database.prisma, {
      organisationId,
      firstname,
      homeSiteId,
      transporterLicence,
      workingHours: allWeek,
    });
  const drivers = {
    ann: await driver("Ann", manchester.id),
    bob: await driver("Bob", leeds.id, true),
    cat: await driver("Cat", prepCentre.id),
    homeless: await driver("Dan", null),
  };
  const request = (
    origin: { id: string },
    destination: { id: string },
    extra: Partial<MovementRequestInput> = {},
  ) =>
    createMovementRequest(database.prisma, {
      organisationId,
      profileId: world.profile.id,
      originSiteId: origin.id,
      destinationSiteId: destination.id,
      readyToCollectFromDate: utcDate(1),
      deliveryByDate: utcDate(2),
      ...extra,
    });
  const pool = [
    await request(manchester, leeds),
    await request(leeds, manchester, { readyToCollectFromTimeslot: "PM" }),
    await request(leeds, prepCentre, { deliveryByDate: utcDate(1), deliveryByTimeslot: "PM" }),
    await request(prepCentre, manchester, {
      deliveryByDate: utcDate(1),
      deliveryByTime: "15:00",
      deliveryByTimeslot: "PM",
    }),
    await request(manchester, prepCentre, { readyToCollectFromTimeslot: "AM", deliveryByTimeslot: "AM" }),
    await request(prepCentre, leeds, {
      deliveryByTimeslot: "PM",
      deliverOnSpecifiedDate: true,
    }),
    await request(leeds, manchester, { transportMethod: "TRANSPORTED" }),
    await request(manchester, leeds, { readyToCollectFromDate: utcDate(2), deliveryByDate: utcDate(3) }),
  ];
  const abroad = await request(manchester, yokohama, { deliveryByDate: utcDate(9) });
  const impossible = await request(manchester, leeds, {
    readyToCollectFromTimeslot: "PM",
    deliveryByDate: utcDate(1),
    deliveryByTimeslot: "AM",
  });
  const planned = await request(manchester, leeds, {
    status: "PLANNED",
    history: [{ status: "CREATED" }, { status: "PLANNED" }],
  });
  const foreign = await createMovementRequest(database.prisma, {
    organisationId: other.organisation.id,
    profileId: other.profile.id,
    originSiteId: other.sites.manchester.id,
    destinationSiteId: other.sites.leeds.id,
    readyToCollectFromDate: utcDate(1),
  });
  return {
    world,
    other,
    drivers,
    poolIds: [...pool, abroad, impossible].map((row) => row.id),
    abroad: abroad.id,
    impossible: impossible.id,
    planned: planned.id,
    foreign: foreign.id,
  };
}

type Seeded = Awaited<ReturnType<typeof seededPool>>;

const call = (route: RouteHandler, world: MovementWorld, path: string, body?: unknown, params = {}) =>
  callRoute(route, { method: "POST", path, apiKey: world.operationsKey, body, params });

async function planPool(seeded: Seeded, body: Record<string, unknown> = { from: FROM, to: TO }) {
  const response = await call(createPlanRoute, seeded.world, "/v1/operations/planning-pool/plans", body);
  return {
    status: response.status,
    body: (await response.json()) as PoolPlanResponse & { code?: string; errors?: { path: string }[] },
  };
}

async function accept(seeded: Seeded, planId: string, body?: unknown) {
  const response = await call(
    acceptRoute,
    seeded.world,
    `/v1/operations/planning-pool/plans/${planId}/accept`,
    body,
    { id: planId },
  );
  return {
    status: response.status,
    body: (await response.json()) as PoolPlanResponse & {
      code?: string;
      errors?: { path: string; message: string }[];
    },
  };
}

const idsIn = (plan: PoolPlanResponse) => [
  ...plan.drivers.flatMap((chain) => chain.moves.map((move) => move.requestId)),
  ...plan.thirdParty.map((entry) => entry.requestId),
  ...plan.unplanned.map((entry) => entry.requestId),
];

describe("POST /v1/operations/planning-pool/plans", () => {
  it("proposes a plan of the pool in which each request appears once and every rule holds", async () => {
    const seeded = await seededPool();
    const { status, body: plan } = await planPool(seeded);
    expect(status).toBe(201);
    expect(plan.status).toBe("PROPOSED");
    expect(idsIn(plan).sort()).toEqual([...seeded.poolIds].sort());
    // The outside check, against what the planner was given: each timeslot rule of the specification,
    // chains that never overlap themselves and stay within their drivers' hours, rate-card prices.
    const { input } = await loadPlanningInput(
      kysely(),
      { organisationId: seeded.world.organisation.id, profileId: seeded.world.profile.id },
      { from: FROM, to: TO },
      new Date(),
    );
    expect(checkPlan(input, plan)).toEqual([]);
    expect(plan.drivers.map((chain) => chain.driverId)).not.toContain(seeded.drivers.homeless.id);
    expect(plan.thirdParty.map((entry) => entry.requestId)).toContain(seeded.abroad);
    expect(plan.totals).toMatchObject({ currency: "GBP" });
    expect(plan.totals.costCents).toBeGreaterThan(0);
  });

  it("reports a deadline that cannot be met instead of hiding it", async () => {
    const seeded = await seededPool();
    const { body: plan } = await planPool(seeded);
    const late = [...plan.drivers.flatMap((chain) => chain.moves), ...plan.thirdParty].find(
      (entry) => entry.requestId === seeded.impossible,
    );
    expect(late?.lateMinutes).toBeGreaterThan(0);
    expect(plan.totals.lateRequests).toBeGreaterThanOrEqual(1);
    expect(plan.totals.latenessPenaltyCents).toBeGreaterThan(0);
  });

  it("plans only the requests asked for; names those it may not plan; refuses bad dates", async () => {
    const seeded = await seededPool();
    const [first, second] = seeded.poolIds;
    const asked = await planPool(seeded, { from: FROM, to: TO, requestIds: [first, second] });
    expect(asked.status).toBe(201);
    expect(idsIn(asked.body).sort()).toEqual([first, second].sort());

    const foreign = await planPool(seeded, { from: FROM, to: TO, requestIds: [first, seeded.foreign] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ path: seeded.foreign })]);
    const planned = await planPool(seeded, { from: FROM, to: TO, requestIds: [seeded.planned] });
    expect(planned.status).toBe(409);
    expect(planned.body.code).toBe("NOT_IN_PLANNING_POOL");
    expect(planned.body.errors).toEqual([expect.objectContaining({ path: seeded.planned })]);
    expect((await planPool(seeded, { from: TO, to: FROM })).status).toBe(400);
    expect((await planPool(seeded, { from: FROM, to: dateOnlyFromToday(30) })).status).toBe(400);
    const stored = await kysely()
      .selectFrom("PoolPlan")
      .select("id")
      .where("organisationId", "=", seeded.world.organisation.id)
      .execute();
    expect(stored).toHaveLength(1);
  });
});

describe("POST /v1/operations/planning-pool/plans/{id}/accept", () => {
  it("assigns through the operations: drivers' requests PLANNED with job links, 3PLs' SENT_TO_3PL at the rate-card price", async () => {
    const seeded = await seededPool();
    const { body: plan } = await planPool(seeded);
    const { status, body } = await accept(seeded, plan.id);
    const planned = plan.drivers.flatMap((chain) =>
      chain.moves.map((move) => ({ ...move, driverId: chain.driverId })),
    );
    expect(status).toBe(200);
    expect(body.status).toBe("ACCEPTED");
    expect([...body.acceptedRequestIds].sort()).toEqual(
      [...planned.map((move) => move.requestId), ...plan.thirdParty.map((entry) => entry.requestId)].sort(),
    );
    for (const move of planned) {
      const request = await kysely()
        .selectFrom("MovementRequest as r")
        .innerJoin("Movement as leg", "leg.movementRequestId", "r.id")
        .innerJoin("JobLink as link", "link.movementRequestId", "r.id")
        .select(["r.status", "leg.driverId", "link.driverId as linkDriverId"])
        .where("r.id", "=", move.requestId)
        .executeTakeFirstOrThrow();
      expect(request).toEqual({ status: "PLANNED", driverId: move.driverId, linkDriverId: move.driverId });
    }
    const { manchester, yokohama } = seeded.world.sites;
    const abroad = await kysely()
      .selectFrom("MovementRequest as r")
      .innerJoin("Movement as leg", "leg.movementRequestId", "r.id")
      .select(["r.status", "r.estimatedCostCents", "leg.thirdPartyLogisticsProviderId"])
      .where("r.id", "=", seeded.abroad)
      .executeTakeFirstOrThrow();
    const entry = plan.thirdParty.find((candidate) => candidate.requestId === seeded.abroad)!;
    expect(abroad).toEqual({
      status: "SENT_TO_3PL",
      estimatedCostCents: entry.priceCents,
      thirdPartyLogisticsProviderId: entry.providerId,
    });
    const provider = Object.values(seeded.world.providers).find((known) => known.id === entry.providerId);
    const card = provider?.rateCards.find((rate) => rate.transportMethod === "DRIVEN");
    expect(entry.priceCents).toBe(
      estimateCost(card, greatCircleDistanceKm(manchester, yokohama))?.centAmount,
    );
  });

  it("accepting twice assigns nothing twice: 409 names every request, nothing changes", async () => {
    const seeded = await seededPool();
    const { body: proposed } = await planPool(seeded);
    const { status, body: plan } = await accept(seeded, proposed.id);
    expect(status).toBe(200);
    const before = await Promise.all(seeded.poolIds.map((id) => snapshotOf(database.kysely, id)));
    const again = await accept(seeded, plan.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("POOL_PLAN_REQUESTS_SKIPPED");
    expect(again.body.errors?.map((error) => error.path).sort()).toEqual([...plan.acceptedRequestIds].sort());
    expect(new Set(again.body.errors?.map((error) => error.message))).toEqual(
      new Set(["Already assigned through this plan"]),
    );
    expect(await Promise.all(seeded.poolIds.map((id) => snapshotOf(database.kysely, id)))).toEqual(before);
    const links = await kysely()
      .selectFrom("JobLink")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("movementRequestId", "in", seeded.poolIds)
      .executeTakeFirstOrThrow();
    expect(Number(links.count)).toBe(plan.drivers.flatMap((c) => c.moves).length + plan.thirdParty.length);
  });

  it("skips and names requests changed since the plan; a part accepted leaves it PARTLY_ACCEPTED", async () => {
    const seeded = await seededPool();
    const { body: plan } = await planPool(seeded);
    const driverMoves = plan.drivers.flatMap((chain) =>
      chain.moves.map((move) => ({ ...move, driverId: chain.driverId })),
    );
    const [cancelled, byHand, kept, later] = driverMoves;
    expect(later).toBeDefined();
    const world = seeded.world;
    const cancel = await callRoute(cancelRoute, {
      method: "POST",
      path: `/v1/movement-requests/${cancelled!.requestId}/cancel`,
      apiKey: world.integrationKey,
      params: { requestId: cancelled!.requestId },
    });
    expect(cancel.status).toBe(200);
    const assigned = await call(
      assignRoute,
      world,
      `/v1/operations/movement-requests/${byHand!.requestId}/assign`,
      { driverId: seeded.drivers.homeless.id },
      { requestId: byHand!.requestId },
    );
    expect(assigned.status).toBe(200);
    const handBefore = await snapshotOf(database.kysely, byHand!.requestId);

    const part = await accept(seeded, plan.id, {
      requestIds: [cancelled!.requestId, byHand!.requestId, kept!.requestId],
    });
    expect(part.status).toBe(409);
    expect(part.body.errors).toEqual([
      { path: cancelled!.requestId, message: expect.stringContaining("Changed since") },
      { path: byHand!.requestId, message: expect.stringContaining("Changed since") },
    ]);
    expect(await snapshotOf(database.kysely, byHand!.requestId)).toEqual(handBefore);
    const row = await kysely()
      .selectFrom("PoolPlan")
      .select(["status", "acceptedRequestIds"])
      .where("id", "=", plan.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "PARTLY_ACCEPTED", acceptedRequestIds: [kept!.requestId] });
    const kept2 = await kysely()
      .selectFrom("Movement")
      .select("driverId")
      .where("movementRequestId", "=", kept!.requestId)
      .executeTakeFirstOrThrow();
    expect(kept2.driverId).toBe(kept!.driverId);
  });

  it("an expired plan assigns nothing; another organisation's plan is not found", async () => {
    const seeded = await seededPool();
    const { body: plan } = await planPool(seeded);
    const scope = {
      organisationId: seeded.world.organisation.id,
      profileId: seeded.world.profile.id,
      actor: "test",
    };
    const afterItsDays = new Date(Date.now() + 10 * 86_400_000);
    await expect(acceptPoolPlan(scope, plan.id, undefined, afterItsDays)).rejects.toMatchObject({
      code: "POOL_PLAN_EXPIRED",
    });
    const row = await kysely()
      .selectFrom("PoolPlan")
      .select("status")
      .where("id", "=", plan.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("EXPIRED");
    expect((await accept(seeded, plan.id)).body.code).toBe("POOL_PLAN_EXPIRED");
    const foreign = await callRoute(acceptRoute, {
      method: "POST",
      path: `/v1/operations/planning-pool/plans/${plan.id}/accept`,
      apiKey: seeded.other.operationsKey,
      params: { id: plan.id },
    });
    expect(foreign.status).toBe(404);
    for (const id of seeded.poolIds) {
      expect((await snapshotOf(database.kysely, id)).request.status).toBe("CREATED");
    }
  });
});

describe("a plan asked for from the board, planned by the worker's pass", () => {
  it("is PLANNING until the pass plans it, then PROPOSED with every request once and every rule holding", async () => {
    const seeded = await seededPool();
    const scope = { organisationId: seeded.world.organisation.id, actor: "dispatcher@test" };
    const asked = await askForPoolPlan(scope, { from: FROM, to: TO });
    expect(asked).toMatchObject({ status: "PLANNING", progress: 0, body: null });
    await expect(acceptPoolPlan(scope, asked.id, undefined)).rejects.toMatchObject({
      code: "POOL_PLAN_NOT_PLANNED",
    });

    expect(await planRequestedPlans()).toBe(1);
    // Claimed and planned: a second pass finds nothing to plan.
    expect(await planRequestedPlans()).toBe(0);
    const row = await kysely()
      .selectFrom("PoolPlan")
      .selectAll()
      .where("id", "=", asked.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "PROPOSED", progress: 100 });
    const plan = toPoolPlanResponse(row);
    expect(idsIn(plan).sort()).toEqual([...seeded.poolIds].sort());
    const { input } = await loadPlanningInput(kysely(), scope, { from: FROM, to: TO }, new Date());
    expect(checkPlan(input, plan)).toEqual([]);
    // Accepted through the same operations as the API's plans.
    const accepted = await acceptPoolPlan(scope, plan.id, {
      requestIds: plan.thirdParty.map((entry) => entry.requestId),
    });
    expect(accepted.status).toBe("PARTLY_ACCEPTED");
  });

  it("plans only the requests asked for, and takes over a claim whose lease has run out", async () => {
    const seeded = await seededPool();
    const scope = { organisationId: seeded.world.organisation.id, actor: "dispatcher@test" };
    const requestIds = seeded.poolIds.slice(0, 2);
    const asked = await askForPoolPlan(scope, { from: FROM, to: TO, requestIds });
    await kysely()
      .updateTable("PoolPlan")
      .set({ planningClaimedAt: new Date(Date.now() - 10 * 60_000) })
      .where("id", "=", asked.id)
      .execute();
    expect(await planRequestedPlans()).toBe(1);
    const row = await kysely()
      .selectFrom("PoolPlan")
      .selectAll()
      .where("id", "=", asked.id)
      .executeTakeFirstOrThrow();
    expect(idsIn(toPoolPlanResponse(row)).sort()).toEqual([...requestIds].sort());
  });
});

describe("the board's review: move, lock, re-plan the rest", () => {
  it("carries its map: each request's lane, each driver's home, their sites' names and places; none of another organisation", async () => {
    const seeded = await seededPool();
    const { manchester, leeds, prepCentre, yokohama } = seeded.world.sites;
    const foreignDriver = await createDriver(database.prisma, {
      organisationId: seeded.other.organisation.id,
      firstname: "Eve",
      homeSiteId: seeded.other.sites.dallas.id,
      workingHours: allWeek,
    });
    const scope = { organisationId: seeded.world.organisation.id, actor: "dispatcher@test" };
    const asked = await askForPoolPlan(scope, { from: FROM, to: TO });
    expect((await getPoolPlanReview(scope.organisationId, asked.id)).map).toEqual({
      sites: {},
      lanes: {},
      homes: {},
    });
    await planRequestedPlans();

    const { map } = await getPoolPlanReview(scope.organisationId, asked.id);
    const site = (row: { name: string; latitude: number; longitude: number }) => ({
      name: row.name,
      latitude: row.latitude,
      longitude: row.longitude,
    });
    expect(map.sites).toEqual({
      [manchester.id]: site(manchester),
      [leeds.id]: site(leeds),
      [prepCentre.id]: site(prepCentre),
      [yokohama.id]: site(yokohama),
    });
    expect(Object.keys(map.lanes).sort()).toEqual([...seeded.poolIds].sort());
    const abroad = await kysely()
      .selectFrom("MovementRequest")
      .select(["originSiteId", "destinationSiteId"])
      .where("id", "=", seeded.abroad)
      .executeTakeFirstOrThrow();
    expect(map.lanes[seeded.abroad]).toEqual(abroad);
    // Dan has no home; Eve is another organisation's.
    expect(map.homes).toEqual({
      [seeded.drivers.ann.id]: { siteId: manchester.id, timeZone: "Europe/London" },
      [seeded.drivers.bob.id]: { siteId: leeds.id, timeZone: "Europe/London" },
      [seeded.drivers.cat.id]: { siteId: prepCentre.id, timeZone: "Europe/London" },
    });
    expect(map.homes[foreignDriver.id]).toBeUndefined();
  });

  it("moves a request to a 3PL with the totals re-evaluated, keeps it there through a re-plan, then accepts", async () => {
    const seeded = await seededPool();
    const scope = { organisationId: seeded.world.organisation.id, actor: "dispatcher@test" };
    const planned = async (planId: string) =>
      toPoolPlanResponse(
        await kysely().selectFrom("PoolPlan").selectAll().where("id", "=", planId).executeTakeFirstOrThrow(),
      );
    const asked = await askForPoolPlan(scope, { from: FROM, to: TO });
    await planRequestedPlans();
    const before = await planned(asked.id);
    const driven = before.drivers[0]!.moves[0]!.requestId;

    await movePoolPlanRequest(scope, asked.id, { requestId: driven, to: { thirdParty: true } });
    const moved = await planned(asked.id);
    expect(moved.thirdParty.map((entry) => entry.requestId)).toContain(driven);
    expect(idsIn(moved).sort()).toEqual([...seeded.poolIds].sort());
    // Re-evaluated with the planner's cost model: the 3PL's price in, the driver's time out.
    expect(moved.totals).not.toEqual(before.totals);
    const { input } = await loadPlanningInput(kysely(), scope, { from: FROM, to: TO }, new Date());
    expect(checkPlan(input, moved)).toEqual([]);
    // A driver who cannot carry it (no transporter licence for a transported request) is refused.
    const transported = seeded.poolIds[6]!;
    await expect(
      movePoolPlanRequest(scope, asked.id, {
        requestId: transported,
        to: { driverId: seeded.drivers.ann.id },
      }),
    ).rejects.toMatchObject({ code: "POOL_PLAN_MOVE_IMPOSSIBLE" });

    await lockPoolPlanRequest(scope, asked.id, { requestId: driven, locked: true });
    await replanPoolPlan(scope, asked.id);
    expect(
      (
        await kysely()
          .selectFrom("PoolPlan")
          .select("status")
          .where("id", "=", asked.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("PLANNING");
    await expect(acceptPoolPlan(scope, asked.id, undefined)).rejects.toMatchObject({
      code: "POOL_PLAN_NOT_PLANNED",
    });
    expect(await planRequestedPlans()).toBe(1);
    const replanned = await planned(asked.id);
    expect(replanned.status).toBe("PROPOSED");
    expect(replanned.thirdParty.map((entry) => entry.requestId)).toContain(driven);
    expect(idsIn(replanned).sort()).toEqual([...seeded.poolIds].sort());
    expect(checkPlan(input, replanned)).toEqual([]);

    const accepted = await acceptPoolPlan(scope, asked.id, { requestIds: [driven] });
    expect(accepted.status).toBe("PARTLY_ACCEPTED");
    expect((await snapshotOf(database.kysely, driven)).request.status).toBe("SENT_TO_3PL");
    // Part of it accepted: no more edits.
    await expect(replanPoolPlan(scope, asked.id)).rejects.toMatchObject({ code: "POOL_PLAN_NOT_EDITABLE" });
  });
});
