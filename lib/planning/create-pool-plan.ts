// Plan the pool (docs/planning.md): a plan is asked for (stored PLANNING with what was asked), then a
// planner runs it and keeps the proposal, with each request's version, for accepting later. The API's
// POST runs its own plan in the request and answers it planned; the board asks and the worker plans
// (lib/planning/plan-requested-plans.ts), writing its progress as it goes.
import { kysely } from "@/lib/db";
import { fromDateOnly, toDateOnly } from "@/lib/dates";
import { announceEvent } from "@/lib/events/event-wakeups";
import { newId } from "@/lib/ids";
import { logger } from "@/lib/logger";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { assertInPool, loadPlanningInput } from "@/lib/planning/load-planning-input";
import type { PlanLocks } from "@/lib/planning/plan-carrier";
import { planPoolYielding } from "@/lib/planning/plan-pool";
import { POOL_PLAN_INITIAL_STATUS } from "@/lib/planning/plan-transitions";
import { toPoolPlanResponse, type PoolPlanRow } from "@/lib/planning/pool-plan-response";
import type { CreatePoolPlanBody, PoolPlanResponse } from "@/lib/planning/schemas";
import type { SolveOptions } from "@/lib/planning/solve";

/** Progress is written at most this often: a plan takes seconds, the board polls every second. */
const PROGRESS_WRITE_INTERVAL_MS = 500;

type LoadedInput = Awaited<ReturnType<typeof loadPlanningInput>>;

/**
 * POST /operations/planning-pool/plans: planned in the request, answered as proposed. Its input is
 * loaded first, so that a refused one (a request not found, out of the pool) stores nothing.
 */
export async function createPoolPlan(
  scope: ActorScope,
  body: CreatePoolPlanBody,
  options: Pick<SolveOptions, "timeLimitMs"> = {},
): Promise<PoolPlanResponse> {
  const loaded = await loadPlanningInput(kysely(), scope, body, new Date());
  const asked = await askForPoolPlan(scope, body, { plannedByCaller: true });
  return toPoolPlanResponse(await runPoolPlan(asked, options, loaded));
}

/**
 * Stores a plan to be planned. Unless the caller plans it itself (claimed at once, its input loaded),
 * the requests asked for are checked first and the worker is woken to plan it.
 */
export async function askForPoolPlan(
  scope: ActorScope,
  body: CreatePoolPlanBody,
  { plannedByCaller = false }: { plannedByCaller?: boolean } = {},
): Promise<PoolPlanRow> {
  if (!plannedByCaller && body.requestIds) await assertInPool(kysely(), scope, body.requestIds);
  const now = new Date();
  const row = await kysely()
    .insertInto("PoolPlan")
    .values({
      id: newId(),
      organisationId: scope.organisationId,
      profileId: scope.profileId ?? null,
      status: POOL_PLAN_INITIAL_STATUS,
      fromDate: fromDateOnly(body.from),
      toDate: fromDateOnly(body.to),
      requestIds: body.requestIds ?? [],
      progress: 0,
      planningClaimedAt: plannedByCaller ? now : null,
      acceptedRequestIds: [],
      createdBy: scope.actor,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!plannedByCaller) await announceEvent(kysely(), { organisationId: scope.organisationId });
  return row;
}

/**
 * Plans a claimed PLANNING plan: PROPOSED with its body, or FAILED (and the error thrown) if the planner
 * throws. A plan no longer PLANNING when the planner finishes (another took it over) is left as it is.
 */
export async function runPoolPlan(
  plan: PoolPlanRow,
  options: Pick<SolveOptions, "timeLimitMs"> = {},
  loaded?: LoadedInput,
): Promise<PoolPlanRow> {
  const scope: ActorScope = {
    organisationId: plan.organisationId,
    ...(plan.profileId === null ? {} : { profileId: plan.profileId }),
    actor: plan.createdBy,
  };
  const asked: CreatePoolPlanBody = {
    from: toDateOnly(plan.fromDate),
    to: toDateOnly(plan.toDate),
    ...(plan.requestIds.length > 0 ? { requestIds: plan.requestIds } : {}),
  };
  const planning = kysely()
    .updateTable("PoolPlan")
    .where("id", "=", plan.id)
    .where("status", "=", "PLANNING");
  try {
    const { input, versions } = loaded ?? (await loadPlanningInput(kysely(), scope, asked, new Date()));
    let progressWrittenAt = 0;
    const onProgress = (fraction: number) => {
      if (fraction >= 1 || Date.now() - progressWrittenAt < PROGRESS_WRITE_INTERVAL_MS) return;
      progressWrittenAt = Date.now();
      // Not awaited: the search goes on, the write goes out when it next yields.
      planning
        .set({ progress: Math.round(fraction * 100), updatedAt: new Date() })
        .execute()
        .catch((error: unknown) => logger.warn("plan progress not written", { planId: plan.id, error }));
    };
    const body = await planPoolYielding(input, { ...options, onProgress }, plan.locks as PlanLocks);
    const planned = await planning
      .set({
        status: "PROPOSED",
        progress: 100,
        body: JSON.stringify(body),
        requestVersions: JSON.stringify(versions),
        updatedAt: new Date(),
      })
      .returningAll()
      .executeTakeFirst();
    return planned ?? plan;
  } catch (error) {
    await planning.set({ status: "FAILED", updatedAt: new Date() }).execute();
    throw error;
  }
}
