// POST /operations/planning-pool/plans/{id}/accept: the plan's choices assigned through the same
// operations as assigning by hand (planWithDriver: the driver's job link; sendToThirdPartyLogistics:
// SENT_TO_3PL at the rate-card price), each request in its own transaction and only at the version it
// was planned at. A request that changed since (cancelled, planned by someone else, edited) is skipped
// and named, and so is one already accepted through this plan: nothing is assigned twice, even by two
// accepts at once (the second finds the request's version moved).
import { kysely, sql } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import { AppError, type ErrorCode } from "@/lib/errors/app-error";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { planWithDriver } from "@/lib/movement-requests/operations/plan-with-driver";
import { sendToThirdPartyLogistics } from "@/lib/movement-requests/operations/send-to-third-party-logistics";
import type { PlanBody } from "@/lib/planning/model";
import { canTransitionPlan, type PoolPlanStatus } from "@/lib/planning/plan-transitions";
import { getPoolPlanOrThrow, toPoolPlanResponse, type PoolPlanRow } from "@/lib/planning/pool-plan-response";
import type { AcceptPoolPlanBody, PoolPlanResponse } from "@/lib/planning/schemas";

const SKIP_REASONS = {
  ALREADY_ACCEPTED: "Already assigned through this plan",
  UNPLANNED: "The plan found no carrier for it",
  NOT_IN_PLAN: "Not in this plan",
  CHANGED: "Changed since the plan was made (cancelled, planned by someone else, edited)",
  CARRIER_GONE: "Its planned carrier cannot take it any more (driver inactive, 3PL no longer configured)",
} as const;
type SkipReason = keyof typeof SKIP_REASONS;

/** What the operations refuse when the request or the carrier is no longer as planned. */
const CHANGED_CODES: readonly ErrorCode[] = [
  "MOVEMENT_REQUEST_CHANGED",
  "INVALID_STATUS_TRANSITION",
  "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
];
const CARRIER_GONE_CODES: readonly ErrorCode[] = [
  "DRIVER_NOT_FOUND",
  "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND",
  "PROVIDER_CANNOT_FULFIL_MOVEMENT",
];

type Carrier = { driverId: string } | { providerId: string };

export async function acceptPoolPlan(
  scope: ActorScope,
  planId: string,
  body: AcceptPoolPlanBody,
  now = new Date(),
): Promise<PoolPlanResponse> {
  const plan = await getPoolPlanOrThrow(kysely(), scope, planId);
  const proposal = plannedBody(plan);
  await expireIfPast(plan, now);
  const planned = plannedCarriers(proposal);
  const unplanned = new Set(proposal.unplanned.map((entry) => entry.requestId));
  const versions = plan.requestVersions as Record<string, number>;
  const accepted = new Set(plan.acceptedRequestIds);
  const skipped: { requestId: string; reason: SkipReason }[] = [];
  let newlyAccepted = 0;
  for (const requestId of body?.requestIds ?? [...planned.keys()]) {
    const carrier = planned.get(requestId);
    const before: SkipReason | null = accepted.has(requestId)
      ? "ALREADY_ACCEPTED"
      : unplanned.has(requestId)
        ? "UNPLANNED"
        : carrier
          ? null
          : "NOT_IN_PLAN";
    const reason = before ?? (await assign(scope, requestId, carrier!, versions[requestId]));
    if (reason) {
      skipped.push({ requestId, reason });
      continue;
    }
    accepted.add(requestId);
    newlyAccepted++;
    await kysely()
      .updateTable("PoolPlan")
      .set({ acceptedRequestIds: sql`array_append("acceptedRequestIds", ${requestId})`, updatedAt: now })
      .where("id", "=", plan.id)
      .execute();
  }
  const settled = (requestId: string) =>
    accepted.has(requestId) ||
    skipped.some((skip) => skip.requestId === requestId && skip.reason !== "ALREADY_ACCEPTED");
  const status: PoolPlanStatus = [...planned.keys()].every(settled) ? "ACCEPTED" : "PARTLY_ACCEPTED";
  if (newlyAccepted > 0 && canTransitionPlan("accept", plan.status, status)) {
    await kysely()
      .updateTable("PoolPlan")
      .set({ status, updatedAt: now })
      .where("id", "=", plan.id)
      .execute();
  }
  if (skipped.length > 0) {
    throw new AppError(
      "POOL_PLAN_REQUESTS_SKIPPED",
      `${newlyAccepted} assigned; ${skipped.length} skipped: ${skipped.map((skip) => skip.requestId).join(", ")}.`,
      { errors: skipped.map((skip) => ({ path: skip.requestId, message: SKIP_REASONS[skip.reason] })) },
    );
  }
  return toPoolPlanResponse(await getPoolPlanOrThrow(kysely(), scope, planId));
}

/** A plan whose last day has passed assigns nothing: it becomes EXPIRED (once) and says so. */
async function expireIfPast(plan: PoolPlanRow, now: Date): Promise<void> {
  const expired = new AppError(
    "POOL_PLAN_EXPIRED",
    `Plan ${plan.id} covered days up to ${toDateOnly(plan.toDate)}.`,
  );
  if (plan.status === "EXPIRED") throw expired;
  const past = toDateOnly(now) > toDateOnly(plan.toDate);
  if (!past || !canTransitionPlan("expire", plan.status, "EXPIRED")) return;
  await kysely()
    .updateTable("PoolPlan")
    .set({ status: "EXPIRED", updatedAt: now })
    .where("id", "=", plan.id)
    .execute();
  throw expired;
}

function plannedBody(plan: PoolPlanRow): PlanBody {
  if (plan.status === "PLANNING" || plan.status === "FAILED" || plan.body === null) {
    throw new AppError(
      "POOL_PLAN_NOT_PLANNED",
      `Plan ${plan.id} is ${plan.status}: it proposes nothing yet.`,
    );
  }
  return plan.body as PlanBody;
}

function plannedCarriers(body: PlanBody): Map<string, Carrier> {
  const carriers = new Map<string, Carrier>();
  for (const chain of body.drivers) {
    for (const move of chain.moves) carriers.set(move.requestId, { driverId: chain.driverId });
  }
  for (const entry of body.thirdParty) carriers.set(entry.requestId, { providerId: entry.providerId });
  return carriers;
}

/** Null when assigned; else why not. Only the operations' "no longer as planned" refusals are skips. */
async function assign(
  scope: ActorScope,
  requestId: string,
  carrier: Carrier,
  expectedVersion: number | undefined,
): Promise<SkipReason | null> {
  try {
    if ("driverId" in carrier) {
      await planWithDriver(scope, requestId, { driverId: carrier.driverId }, { expectedVersion });
    } else {
      await sendToThirdPartyLogistics(scope, requestId, carrier.providerId, { expectedVersion });
    }
    return null;
  } catch (error) {
    if (error instanceof AppError && CHANGED_CODES.includes(error.code)) return "CHANGED";
    if (error instanceof AppError && CARRIER_GONE_CODES.includes(error.code)) return "CARRIER_GONE";
    throw error;
  }
}
