// The "Plan the pool" page's server actions, as its client components receive them (they never
// import from app/).
import type { ActionResult } from "@/lib/http/action-result";
import type { ManualPlanTotals } from "@/lib/planning/manual-plan";
import type { PoolPlanReview } from "@/lib/planning/pool-plan-review";

export type PlanActions = {
  ask: (input: unknown) => Promise<ActionResult<string>>;
  review: (planId: unknown) => Promise<ActionResult<PoolPlanReview>>;
  move: (planId: unknown, input: unknown) => Promise<ActionResult<PoolPlanReview>>;
  lock: (planId: unknown, input: unknown) => Promise<ActionResult<PoolPlanReview>>;
  replan: (planId: unknown) => Promise<ActionResult<PoolPlanReview>>;
  accept: (planId: unknown, input: unknown) => Promise<ActionResult<PoolPlanReview>>;
  manual: (planId: unknown) => Promise<ActionResult<ManualPlanTotals | null>>;
};
