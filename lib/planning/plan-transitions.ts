// The pool plan's lifecycle: one table of what planning, accepting and expiring do to a plan;
// docs/planning.md draws it (a test keeps the drawing in step with this table).
import type { PoolPlanStatus } from "@/lib/generated/prisma/enums";

export type { PoolPlanStatus };

/** Asked for: a planner (the worker, or the API's request itself) has yet to plan it. */
export const POOL_PLAN_INITIAL_STATUS = "PLANNING" satisfies PoolPlanStatus;

export const POOL_PLAN_TRANSITIONS = {
  /** The planner has written its body: the dispatcher reviews it. */
  plan: { PLANNING: ["PROPOSED"] },
  /** The planner threw (its error is logged): nothing to review, a new plan is asked for instead. */
  fail: { PLANNING: ["FAILED"] },
  /** The dispatcher re-plans around their locked choices: the worker plans it again. */
  replan: { PROPOSED: ["PLANNING"] },
  /**
   * Some of its requests assigned: ACCEPTED once every request it gives a carrier is assigned or can no
   * longer be (changed since), PARTLY_ACCEPTED until then.
   */
  accept: {
    PROPOSED: ["PARTLY_ACCEPTED", "ACCEPTED"],
    PARTLY_ACCEPTED: ["PARTLY_ACCEPTED", "ACCEPTED"],
  },
  /** Its last planned day has passed before it was all accepted: it assigns nothing any more. */
  expire: { PROPOSED: ["EXPIRED"], PARTLY_ACCEPTED: ["EXPIRED"] },
} as const satisfies Record<string, Partial<Record<PoolPlanStatus, readonly PoolPlanStatus[]>>>;

export type PoolPlanAction = keyof typeof POOL_PLAN_TRANSITIONS;

export function canTransitionPlan(action: PoolPlanAction, from: PoolPlanStatus, to: PoolPlanStatus): boolean {
  const table = POOL_PLAN_TRANSITIONS[action] as Partial<Record<PoolPlanStatus, readonly PoolPlanStatus[]>>;
  return table[from]?.includes(to) ?? false;
}

/** The table as a Mermaid state diagram (docs/planning.md embeds it). */
export function poolPlanMermaid(): string {
  const lines = ["stateDiagram-v2", `  [*] --> ${POOL_PLAN_INITIAL_STATUS}: plan the pool`];
  for (const action of Object.keys(POOL_PLAN_TRANSITIONS) as PoolPlanAction[]) {
    const table = POOL_PLAN_TRANSITIONS[action] as Partial<Record<PoolPlanStatus, readonly PoolPlanStatus[]>>;
    for (const [from, targets] of Object.entries(table)) {
      for (const to of targets ?? []) lines.push(`  ${from} --> ${to}: ${action}`);
    }
  }
  lines.push("  ACCEPTED --> [*]", "  EXPIRED --> [*]", "  FAILED --> [*]");
  return lines.join("\n");
}
