// The worker's planning pass: plans asked for from the board (PLANNING, unclaimed), one at a time, each
// claimed first so that two workers never plan the same one. A claim older than the lease (its worker
// stopped mid-plan) is taken over.
import { kysely } from "@/lib/db";
import { logger } from "@/lib/logger";
import { runPoolPlan } from "@/lib/planning/create-pool-plan";
import type { PoolPlanRow } from "@/lib/planning/pool-plan-response";

/** Well beyond the planner's time limit (8 s) and loading its input. */
const CLAIM_LEASE_MS = 2 * 60_000;

/** Plans every claimable plan; the number planned (or failed). Stops between plans once aborted. */
export async function planRequestedPlans({ signal }: { signal?: AbortSignal } = {}): Promise<number> {
  let planned = 0;
  for (let plan = await claimPlan(); plan && !signal?.aborted; plan = await claimPlan()) {
    await runPoolPlan(plan).catch((error: unknown) =>
      logger.error("pool plan failed", { planId: plan!.id, error }),
    );
    planned++;
  }
  return planned;
}

async function claimPlan(): Promise<PoolPlanRow | undefined> {
  const now = new Date();
  return kysely()
    .updateTable("PoolPlan")
    .set({ planningClaimedAt: now, updatedAt: now })
    .where(
      "id",
      "=",
      kysely()
        .selectFrom("PoolPlan")
        .select("id")
        .where("status", "=", "PLANNING")
        .where((eb) =>
          eb.or([
            eb("planningClaimedAt", "is", null),
            eb("planningClaimedAt", "<", new Date(now.getTime() - CLAIM_LEASE_MS)),
          ]),
        )
        .orderBy("createdAt")
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .executeTakeFirst();
}
