// The board's review of a proposed plan (docs/planning.md, "Reviewing a plan"): move a request to another
// driver or to its 3PL (the plan re-evaluated with the planner's cost model, totals and all), lock a
// choice, re-plan the rest around the locks (the worker plans it again). Only while PROPOSED: once part
// of it is accepted, its requests have left the pool.
import { z } from "zod";
import { kysely } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import { announceEvent } from "@/lib/events/event-wakeups";
import { AppError } from "@/lib/errors/app-error";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { loadPlanningInput } from "@/lib/planning/load-planning-input";
import type { PlanBody } from "@/lib/planning/model";
import { carrierInBody, type PlanLocks } from "@/lib/planning/plan-carrier";
import { bodyWithMove } from "@/lib/planning/plan-pool";
import { canTransitionPlan } from "@/lib/planning/plan-transitions";
import { getPoolPlanOrThrow, type PoolPlanRow } from "@/lib/planning/pool-plan-response";
import type { lockPlanRequestInput, movePlanRequestInput } from "@/lib/planning/schemas";

type Editable = PoolPlanRow & { body: PlanBody };

async function editablePlan(scope: ActorScope, planId: string): Promise<Editable> {
  const plan = await getPoolPlanOrThrow(kysely(), scope, planId);
  if (plan.status !== "PROPOSED" || plan.body === null) {
    throw new AppError(
      "POOL_PLAN_NOT_EDITABLE",
      `Plan ${plan.id} is ${plan.status}: it can no longer be edited.`,
    );
  }
  return plan as Editable;
}

const requestIdsOf = (body: PlanBody) => [
  ...body.drivers.flatMap((chain) => chain.moves.map((move) => move.requestId)),
  ...body.thirdParty.map((entry) => entry.requestId),
  ...body.unplanned.map((entry) => entry.requestId),
];

/** Writes the edit only if the plan is still PROPOSED as read (a concurrent edit or accept wins). */
async function saveEdit(plan: Editable, changes: { body?: PlanBody; locks?: PlanLocks }): Promise<void> {
  const saved = await kysely()
    .updateTable("PoolPlan")
    .set({
      ...(changes.body ? { body: JSON.stringify(changes.body) } : {}),
      ...(changes.locks ? { locks: JSON.stringify(changes.locks) } : {}),
      updatedAt: new Date(),
    })
    .where("id", "=", plan.id)
    .where("status", "=", "PROPOSED")
    .where("updatedAt", "=", plan.updatedAt)
    .executeTakeFirst();
  if (saved.numUpdatedRows === 0n) {
    throw new AppError("POOL_PLAN_NOT_EDITABLE", `Plan ${plan.id} changed meanwhile: look at it again.`);
  }
}

export async function movePoolPlanRequest(
  scope: ActorScope,
  planId: string,
  { requestId, to }: z.infer<typeof movePlanRequestInput>,
): Promise<void> {
  const plan = await editablePlan(scope, planId);
  const asked = {
    from: toDateOnly(plan.fromDate),
    to: toDateOnly(plan.toDate),
    requestIds: requestIdsOf(plan.body),
  };
  const { input } = await loadPlanningInput(kysely(), scope, asked, new Date());
  await saveEdit(plan, { body: bodyWithMove(input, plan.body, requestId, to) });
}

/** Locks a request at its carrier in the plan now (an unplanned one has none to keep), or frees it. */
export async function lockPoolPlanRequest(
  scope: ActorScope,
  planId: string,
  { requestId, locked }: z.infer<typeof lockPlanRequestInput>,
): Promise<void> {
  const plan = await editablePlan(scope, planId);
  const locks = { ...(plan.locks as PlanLocks) };
  delete locks[requestId];
  const carrier = carrierInBody(plan.body, requestId);
  if (locked && !carrier) {
    throw new AppError(
      "POOL_PLAN_MOVE_IMPOSSIBLE",
      `Request ${requestId} has no carrier in this plan to keep.`,
    );
  }
  await saveEdit(plan, { locks: locked && carrier ? { ...locks, [requestId]: carrier } : locks });
}

/** Back to PLANNING over the same requests, for the worker to plan around the locks. */
export async function replanPoolPlan(scope: ActorScope, planId: string): Promise<void> {
  const plan = await editablePlan(scope, planId);
  if (!canTransitionPlan("replan", plan.status, "PLANNING")) {
    throw new AppError(
      "POOL_PLAN_NOT_EDITABLE",
      `Plan ${plan.id} is ${plan.status}: it cannot be re-planned.`,
    );
  }
  const replanned = await kysely()
    .updateTable("PoolPlan")
    .set({
      status: "PLANNING",
      progress: 0,
      planningClaimedAt: null,
      requestIds: requestIdsOf(plan.body),
      updatedAt: new Date(),
    })
    .where("id", "=", plan.id)
    .where("status", "=", "PROPOSED")
    .executeTakeFirst();
  if (replanned.numUpdatedRows === 0n) {
    throw new AppError("POOL_PLAN_NOT_EDITABLE", `Plan ${plan.id} changed meanwhile: look at it again.`);
  }
  await announceEvent(kysely(), { organisationId: plan.organisationId });
}
