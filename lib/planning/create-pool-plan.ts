// POST /operations/planning-pool/plans: plan the pool (docs/planning.md) and keep the proposal, with
// each request's version, for accepting later. The planner itself is pure (plan-pool.ts); the worker can
// call this with a progress callback.
import { kysely } from "@/lib/db";
import { fromDateOnly } from "@/lib/dates";
import { newId } from "@/lib/ids";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { loadPlanningInput } from "@/lib/planning/load-planning-input";
import { planPool } from "@/lib/planning/plan-pool";
import { POOL_PLAN_INITIAL_STATUS } from "@/lib/planning/plan-transitions";
import { toPoolPlanResponse } from "@/lib/planning/pool-plan-response";
import type { CreatePoolPlanBody, PoolPlanResponse } from "@/lib/planning/schemas";
import type { SolveOptions } from "@/lib/planning/solve";

export async function createPoolPlan(
  scope: ActorScope,
  body: CreatePoolPlanBody,
  options: SolveOptions = {},
): Promise<PoolPlanResponse> {
  const now = new Date();
  const { input, versions } = await loadPlanningInput(kysely(), scope, body, now);
  const plan = planPool(input, options);
  const row = await kysely()
    .insertInto("PoolPlan")
    .values({
      id: newId(),
      organisationId: scope.organisationId,
      profileId: scope.profileId ?? null,
      status: POOL_PLAN_INITIAL_STATUS,
      fromDate: fromDateOnly(body.from),
      toDate: fromDateOnly(body.to),
      body: JSON.stringify(plan),
      requestVersions: JSON.stringify(versions),
      acceptedRequestIds: [],
      createdBy: scope.actor,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPoolPlanResponse(row);
}
