import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkPlan } from "@/test/planning/check-plan";
import { exactObjective, objectiveOf } from "@/test/planning/exact-plan";
import { randomPool } from "@/test/planning/random-pool";
import type { Place, PlanningDriver, PlanningInput, PlanningRequest } from "@/lib/planning/model";
import { planPool } from "@/lib/planning/plan-pool";
import { compileProblem } from "@/lib/planning/problem";
import { solve } from "@/lib/planning/solve";

/** The gap docs/planning.md states: on small pools the plan costs at most this much above the optimum. */
const STATED_GAP = 0.01;

const poolSize = (limits: { requests: number; drivers: number; days: number }) =>
  fc.record({
    seed: fc.integer(),
    requests: fc.integer({ min: 1, max: limits.requests }),
    drivers: fc.integer({ min: 0, max: limits.drivers }),
    providers: fc.integer({ min: 0, max: 3 }),
    sites: fc.integer({ min: 2, max: 8 }),
    days: fc.integer({ min: 1, max: limits.days }),
  });

describe("planPool on random pools", () => {
  it("always proposes a feasible plan: each request once, its timeslots, chains within hours", () => {
    fc.assert(
      fc.property(poolSize({ requests: 40, drivers: 6, days: 4 }), (size) => {
        const input = randomPool(size);
        expect(checkPlan(input, planPool(input, { timeLimitMs: 300 }))).toEqual([]);
      }),
      { numRuns: 80 },
    );
  }, 60_000);

  it(`costs within ${STATED_GAP * 100} % of the exact optimum (HiGHS) on small pools`, async () => {
    await fc.assert(
      fc.asyncProperty(poolSize({ requests: 6, drivers: 2, days: 2 }), async (size) => {
        const problem = compileProblem(randomPool(size));
        // It stops by itself within milliseconds on a pool this small; the limit only guards a busy machine.
        const heuristic = objectiveOf(problem, solve(problem, { timeLimitMs: 5_000 }));
        const optimum = await exactObjective(problem);
        expect(heuristic).toBeGreaterThanOrEqual(optimum - 1e-6);
        expect(heuristic).toBeLessThanOrEqual(optimum * (1 + STATED_GAP) + 1e-6);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

// Leeds, Manchester and London, in England's clock.
const leeds: Place = { siteId: "leeds", latitude: 53.8, longitude: -1.55, timeZone: "Europe/London" };
const manchester: Place = {
  siteId: "manchester",
  latitude: 53.48,
  longitude: -2.24,
  timeZone: "Europe/London",
};
const london: Place = { siteId: "london", latitude: 51.51, longitude: -0.13, timeZone: "Europe/London" };
const northampton: Place = {
  siteId: "northampton",
  latitude: 52.24,
  longitude: -0.9,
  timeZone: "Europe/London",
};
const DAY = "2026-12-08"; // a Tuesday, GMT

const weekdays = { start: "08:00", end: "18:00" };
const driver = (id: string, home: Place): PlanningDriver => ({
  id,
  home,
  workingHours: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays },
  daysOff: [],
  transportMethods: ["DRIVEN"],
  costPerHourCents: 2000,
});
const request = (id: string, origin: Place, destination: Place, extra: Partial<PlanningRequest> = {}) =>
  ({
    id,
    profileId: "profile",
    transportMethod: "DRIVEN",
    origin,
    destination,
    readyToCollectFromDate: DAY,
    readyToCollectFromTimeslot: "ANYTIME",
    deliveryByDate: DAY,
    deliveryByTimeslot: "ANYTIME",
    deliveryByTime: null,
    deliverOnSpecifiedDate: false,
    ...extra,
  }) satisfies PlanningRequest;
const pool = (parts: Partial<PlanningInput>): PlanningInput => ({
  from: DAY,
  to: DAY,
  requests: [],
  drivers: [],
  providers: [],
  settings: {
    currencyCode: "GBP",
    latenessPenaltyPerHourCents: 5000,
    defaultDriverCostPerHourCents: 2000,
    repositioning: { mode: "PUBLIC_TRANSPORT", factor: 1.5 },
  },
  laneDurations: new Map(),
  ...parts,
});
const threePl = (base: number, perKm: number) => ({
  id: "3pl",
  transportMethods: ["DRIVEN"] as const,
  profileIds: ["profile"],
  rateCards: [
    { transportMethod: "DRIVEN" as const, baseCostCents: base, perKmCostCents: perKm, currencyCode: "GBP" },
  ],
});

describe("planPool's choices", () => {
  it("chains a delivery at Leeds to the next collection at Leeds instead of going home empty", () => {
    const input = pool({
      drivers: [driver("d1", manchester)],
      requests: [request("to-leeds", manchester, leeds), request("from-leeds", leeds, manchester)],
    });
    const plan = planPool(input);
    expect(checkPlan(input, plan)).toEqual([]);
    expect(plan.drivers).toEqual([
      {
        driverId: "d1",
        moves: [
          expect.objectContaining({ requestId: "to-leeds" }),
          expect.objectContaining({ requestId: "from-leeds" }),
        ],
      },
    ]);
    const [first, second] = plan.drivers[0]!.moves;
    expect(second!.collectAt).toBe(first!.deliverAt); // collected where the first was delivered
    expect(plan.totals.emptyKm).toBe(0);
  });

  it("gives a long lane to a 3PL when that is cheaper than a driver's day, a short one to the driver", () => {
    // The driver: £40 an hour, there and back by train; the 3PL: £80 + 20p a km.
    const input = pool({
      drivers: [driver("d1", london)],
      providers: [threePl(8000, 20)],
      requests: [
        request("long", london, northampton),
        request("short", london, { ...london, siteId: "london-east", longitude: 0 }),
      ],
      settings: { ...pool({}).settings, defaultDriverCostPerHourCents: 4000 },
    });
    const plan = planPool(input);
    expect(checkPlan(input, plan)).toEqual([]);
    expect(plan.thirdParty.map((entry) => entry.requestId)).toEqual(["long"]);
    expect(plan.drivers[0]!.moves.map((move) => move.requestId)).toEqual(["short"]);
    expect(plan.totals.costCents).toBeGreaterThan(plan.thirdParty[0]!.priceCents);
  });

  it("reports a deadline that cannot be met: late minutes and a late request in the totals", () => {
    // Ready at 08:00 in Manchester, due in Leeds by 09:00: over two hours on the road.
    const input = pool({
      drivers: [driver("d1", manchester)],
      requests: [
        request("too-far", manchester, leeds, { deliveryByTime: "09:00", deliveryByTimeslot: "AM" }),
      ],
    });
    const plan = planPool(input);
    expect(checkPlan(input, plan)).toEqual([]);
    expect(plan.drivers[0]!.moves[0]!.lateMinutes).toBeGreaterThan(0);
    expect(plan.totals.lateRequests).toBe(1);
    expect(plan.totals.latenessPenaltyCents).toBeGreaterThan(0);
  });

  it("collects no sooner than a PM ready slot, and delivers on the specified date's PM slot", () => {
    const input = pool({
      from: DAY,
      to: "2026-12-09",
      drivers: [driver("d1", manchester)],
      requests: [
        request("pm", manchester, leeds, { readyToCollectFromTimeslot: "PM" }),
        request("on-date", manchester, leeds, {
          deliveryByDate: "2026-12-09",
          deliveryByTimeslot: "PM",
          deliverOnSpecifiedDate: true,
        }),
      ],
    });
    const plan = planPool(input);
    expect(checkPlan(input, plan)).toEqual([]);
    const moves = Object.fromEntries(plan.drivers[0]!.moves.map((move) => [move.requestId, move]));
    expect(moves.pm!.collectAt >= `${DAY}T12:00:00.000Z`).toBe(true);
    expect(moves["on-date"]!.deliverAt >= "2026-12-09T12:00:00.000Z").toBe(true);
  });

  it("names the requests it cannot plan, with the reason", () => {
    const input = pool({
      drivers: [driver("d1", london)],
      requests: [request("on-a-transporter", london, leeds, { transportMethod: "TRANSPORTED" })],
    });
    expect(planPool(input).unplanned).toEqual([
      { requestId: "on-a-transporter", reason: "NO_CARRIER", detail: expect.stringContaining("3PL") },
    ]);
  });

  it("reports its progress up to done", () => {
    const seen: number[] = [];
    planPool(randomPool({ seed: 7, requests: 30, drivers: 4, providers: 2, sites: 6, days: 2 }), {
      onProgress: (fraction) => seen.push(fraction),
    });
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});
