// A stored plan as the API returns it: its body as proposed, its status and what has been accepted.
import type { DB, Kdb, Selectable } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import { AppError } from "@/lib/errors/app-error";
import type { MovementRequestScope } from "@/lib/movement-requests/get-movement-request-or-throw";
import type { PlanBody } from "@/lib/planning/model";
import type { PoolPlanResponse } from "@/lib/planning/schemas";

export type PoolPlanRow = Selectable<DB["PoolPlan"]>;

/** A planned plan (PROPOSED or after): one still PLANNING or FAILED has no body to show. */
export function toPoolPlanResponse(row: PoolPlanRow): PoolPlanResponse {
  if (row.body === null) throw new Error(`Plan ${row.id} is ${row.status}: it has no body yet`);
  const body = row.body as PlanBody;
  return {
    id: row.id,
    status: row.status,
    from: toDateOnly(row.fromDate),
    to: toDateOnly(row.toDate),
    createdAt: row.createdAt.toISOString(),
    drivers: body.drivers,
    thirdParty: body.thirdParty,
    unplanned: body.unplanned,
    totals: body.totals,
    acceptedRequestIds: row.acceptedRequestIds,
  };
}

/** A plan of the caller's profile (any of the organisation's for staff); another's is "not found". */
export async function getPoolPlanOrThrow(
  kdb: Kdb,
  scope: MovementRequestScope,
  planId: string,
): Promise<PoolPlanRow> {
  const row = await kdb
    .selectFrom("PoolPlan")
    .selectAll()
    .where("id", "=", planId)
    .where("organisationId", "=", scope.organisationId)
    .$if(scope.profileId !== undefined, (query) => query.where("profileId", "=", scope.profileId!))
    .executeTakeFirst();
  if (!row) throw new AppError("POOL_PLAN_NOT_FOUND", `No plan ${planId} was found.`);
  return row;
}
