"use server";
// The board's "Plan the pool" (components/planning/): ask the worker for a plan, read it while it is
// planned and once it is, move a request, lock it, re-plan the rest, accept all of it or a part. Dispatchers only, as the board's other actions;
// the same domain functions and schemas as POST /v1/operations/planning-pool/plans and its accept.
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { inlineMessage, runAction, type ActionResult } from "@/lib/http/action-result";
import { acceptPoolPlan } from "@/lib/planning/accept-pool-plan";
import { askForPoolPlan } from "@/lib/planning/create-pool-plan";
import { lockPoolPlanRequest, movePoolPlanRequest, replanPoolPlan } from "@/lib/planning/edit-pool-plan";
import { manualPlanOfPoolPlan, type ManualPlanTotals } from "@/lib/planning/manual-plan";
import { getPoolPlanReview, type PoolPlanReview } from "@/lib/planning/pool-plan-review";
import {
  acceptPoolPlanBody,
  createPoolPlanBody,
  lockPlanRequestInput,
  movePlanRequestInput,
} from "@/lib/planning/schemas";
import { identifierSchema } from "@/lib/schemas/common";

async function run<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  const result = await runAction("plan the pool", work);
  return result.ok ? result : { ok: false, message: inlineMessage(result) };
}

/** Stores a plan of `{from, to}` for the worker to plan; its id. */
export async function askForPoolPlanAction(input: unknown): Promise<ActionResult<string>> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(async () => (await askForPoolPlan(staff.scope, createPoolPlanBody.parse(input))).id);
}

export async function poolPlanReviewAction(planId: unknown): Promise<ActionResult<PoolPlanReview>> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(() => getPoolPlanReview(staff.organisationId, identifierSchema.parse(planId)));
}

/** The plan's days as planned by hand, for the review's comparison (null: nothing planned by hand). */
export async function manualPlanAction(planId: unknown): Promise<ActionResult<ManualPlanTotals | null>> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(() => manualPlanOfPoolPlan(staff.scope, identifierSchema.parse(planId)));
}

/** Moves a request of the plan to a driver or to its 3PL (`{requestId, to}`); the review re-evaluated. */
export async function movePlanRequestAction(
  planId: unknown,
  input: unknown,
): Promise<ActionResult<PoolPlanReview>> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(async () => {
    const id = identifierSchema.parse(planId);
    await movePoolPlanRequest(staff.scope, id, movePlanRequestInput.parse(input));
    return getPoolPlanReview(staff.organisationId, id);
  });
}

/** Locks (or frees) a request at its carrier in the plan (`{requestId, locked}`). */
export async function lockPlanRequestAction(
  planId: unknown,
  input: unknown,
): Promise<ActionResult<PoolPlanReview>> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(async () => {
    const id = identifierSchema.parse(planId);
    await lockPoolPlanRequest(staff.scope, id, lockPlanRequestInput.parse(input));
    return getPoolPlanReview(staff.organisationId, id);
  });
}

/** Re-plans the rest around the locks: the worker plans it again (the review polls its progress). */
export async function replanAction(planId: unknown): Promise<ActionResult<PoolPlanReview>> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(async () => {
    const id = identifierSchema.parse(planId);
    await replanPoolPlan(staff.scope, id);
    return getPoolPlanReview(staff.organisationId, id);
  });
}

/**
 * Accepts the plan, or the requests named (`{requestIds}`); the review as it then stands. Skipped
 * requests (changed since) are named in the message; the rest are assigned all the same.
 */
export async function acceptPoolPlanAction(
  planId: unknown,
  input: unknown,
): Promise<ActionResult<PoolPlanReview>> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(async () => {
    const id = identifierSchema.parse(planId);
    try {
      await acceptPoolPlan(staff.scope, id, acceptPoolPlanBody.parse(input));
    } finally {
      revalidatePath("/board");
    }
    return getPoolPlanReview(staff.organisationId, id);
  });
}
