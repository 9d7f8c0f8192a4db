// The plan's totals against the manual plan of the same days (issue 39 §3; docs/planning.md, "Against
// the manual plan"): the requests a dispatcher gave a carrier by hand, collected on one of the plan's
// days, evaluated with the planner's own cost model. Own drivers' chains are each day's legs in their
// scheduled order; a 3PL's request costs what it was sent at. Requests a pool plan assigned are not
// manual, and a request of several legs is left out (the planner moves a request as one).
import { kysely, sql, type Kdb } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import type { Timeslot } from "@/lib/generated/prisma/enums";
import { readyAt } from "@/lib/movement-requests/at-risk/request-times";
import type { MovementRequestScope } from "@/lib/movement-requests/get-movement-request-or-throw";
import { loadPlanningInput, requestRowsQuery, withPlaces } from "@/lib/planning/load-planning-input";
import type { PlanBody } from "@/lib/planning/model";
import { toPlanBody } from "@/lib/planning/plan-pool";
import { assignmentOf } from "@/lib/planning/plan-edits";
import { getPoolPlanOrThrow } from "@/lib/planning/pool-plan-response";
import { compileProblem } from "@/lib/planning/problem";

export type ManualPlanTotals = {
  /** Requests planned by hand on the plan's days: with own drivers, with 3PLs. */
  requests: number;
  withDrivers: number;
  withThirdParty: number;
  /** Driver hours (repositioning included) and the 3PLs' prices. */
  costCents: number;
  currency: string;
  emptyKm: number;
  lateRequests: number;
  /** Legs scheduled on a day their driver does not work (by their planning fields): not costed. */
  outsideHours: number;
};

/** The manual plan of a pool plan's days (the board's review), or null when there is none. */
export async function manualPlanOfPoolPlan(
  scope: MovementRequestScope,
  planId: string,
): Promise<ManualPlanTotals | null> {
  const plan = await getPoolPlanOrThrow(kysely(), scope, planId);
  const days = { from: toDateOnly(plan.fromDate), to: toDateOnly(plan.toDate) };
  return manualPlanTotals(kysely(), scope, days, new Date());
}

/** Statuses no manual plan holds: still in the pool, or stopped. */
const POOL_OR_STOPPED = ["CREATED", "ACCEPTED", "CANCELLED", "ABORTED"] as const;

export async function manualPlanTotals(
  kdb: Kdb,
  scope: MovementRequestScope,
  days: { from: string; to: string },
  now: Date,
): Promise<ManualPlanTotals | null> {
  const legs = await manualLegs(kdb, scope, days);
  if (legs.length === 0) return null;
  const ids = legs.map((leg) => leg.id);
  const rows = await requestRowsQuery(kdb, scope).where("r.id", "in", ids).orderBy("r.id").execute();
  const { input } = await loadPlanningInput(kdb, scope, days, now, rows.map(withPlaces));
  // Legs planned by hand may be earlier today: nothing before "now" is refused.
  const problem = compileProblem({ ...input, notBefore: undefined });
  const zoneOf = new Map(input.requests.map((request) => [request.id, request.origin.timeZone]));
  const byDriver = new Map<string, PlanBody["drivers"][number]["moves"]>();
  const thirdParty: PlanBody["thirdParty"] = [];
  for (const leg of legs) {
    if (leg.driverId) {
      const collectAt = readyAt(
        leg.scheduledOn,
        leg.scheduledTimeslot ?? "ANYTIME",
        zoneOf.get(leg.id) ?? null,
      );
      const moves = byDriver.get(leg.driverId) ?? [];
      // assignmentOf reads the collection only: the evaluation below works out the times.
      moves.push({ requestId: leg.id, collectAt: collectAt.toISOString(), deliverAt: "", lateMinutes: 0 });
      byDriver.set(leg.driverId, moves);
    } else {
      // manualLegs keeps the legs with a driver or a 3PL: without a driver, a 3PL.
      thirdParty.push({
        requestId: leg.id,
        providerId: leg.providerId!,
        priceCents: leg.costCents ?? 0,
        currency: input.settings.currencyCode,
        lateMinutes: 0,
      });
    }
  }
  const manual: PlanBody = {
    drivers: [...byDriver].map(([driverId, moves]) => ({
      driverId,
      moves: moves.sort(
        (a, b) => a.collectAt.localeCompare(b.collectAt) || a.requestId.localeCompare(b.requestId),
      ),
    })),
    thirdParty,
    unplanned: [],
    totals: {
      costCents: 0,
      currency: input.settings.currencyCode,
      latenessPenaltyCents: 0,
      emptyKm: 0,
      lateRequests: 0,
    },
  };
  const evaluated = toPlanBody(problem, assignmentOf(problem, manual));
  // The model prices a 3PL at its cheapest card; the manual plan paid what it was sent at.
  const modelled = evaluated.thirdParty.reduce((sum, entry) => sum + entry.priceCents, 0);
  const paid = thirdParty.reduce((sum, entry) => sum + entry.priceCents, 0);
  const costed = new Set(evaluated.drivers.flatMap((chain) => chain.moves.map((move) => move.requestId)));
  const withDrivers = legs.filter((leg) => leg.driverId).length;
  return {
    requests: legs.length,
    withDrivers,
    withThirdParty: thirdParty.length,
    costCents: Math.round(evaluated.totals.costCents - modelled + paid),
    currency: input.settings.currencyCode,
    emptyKm: evaluated.totals.emptyKm,
    lateRequests: evaluated.totals.lateRequests,
    outsideHours: withDrivers - costed.size,
  };
}

/** One-leg requests given a driver or a 3PL by hand, collected (as scheduled) on one of the days. */
async function manualLegs(kdb: Kdb, scope: MovementRequestScope, days: { from: string; to: string }) {
  const rows = await kdb
    .selectFrom("MovementRequest as r")
    .innerJoin("Movement as m", (join) =>
      join.onRef("m.movementRequestId", "=", "r.id").on("m.legNumber", "=", 1),
    )
    .select([
      "r.id",
      "m.driverId",
      "m.thirdPartyLogisticsProviderId as providerId",
      "m.costCents",
      sql<Date>`coalesce(m."originScheduledOn", r."estimatedCollectionDate")`.as("scheduledOn"),
      sql<Timeslot | null>`coalesce(m."originScheduledTimeslot", r."estimatedCollectionTimeslot")`.as(
        "scheduledTimeslot",
      ),
    ])
    .where("r.organisationId", "=", scope.organisationId)
    .$if(scope.profileId !== undefined, (query) => query.where("r.profileId", "=", scope.profileId!))
    .where("r.status", "not in", [...POOL_OR_STOPPED])
    .where((eb) =>
      eb.or([eb("m.driverId", "is not", null), eb("m.thirdPartyLogisticsProviderId", "is not", null)]),
    )
    .where(
      sql<boolean>`coalesce(m."originScheduledOn", r."estimatedCollectionDate") between ${days.from}::date and ${days.to}::date`,
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("Movement as second")
            .select("second.id")
            .whereRef("second.movementRequestId", "=", "r.id")
            .where("second.legNumber", "=", 2),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("PoolPlan as plan")
            .select("plan.id")
            .where("plan.organisationId", "=", scope.organisationId)
            .where(sql<boolean>`r.id = any(plan."acceptedRequestIds")`),
        ),
      ),
    )
    .orderBy("r.id")
    .execute();
  return rows.map((row) => ({ ...row, scheduledOn: new Date(`${toDateOnly(row.scheduledOn)}T00:00:00Z`) }));
}
