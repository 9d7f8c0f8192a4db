// The board's view of a plan (components/planning/): while the worker plans it, its progress; once
// planned, its body with names a dispatcher reads (drivers, 3PLs, each request's vehicle and lane).
import { kysely } from "@/lib/db";
import type { PlanBody } from "@/lib/planning/model";
import type { PlanLocks } from "@/lib/planning/plan-carrier";
import { getPoolPlanOrThrow } from "@/lib/planning/pool-plan-response";
import type { PoolPlanStatus } from "@/lib/planning/plan-transitions";

export type PlannedRequestLabel = { vehicle: string; lane: string };

export type PoolPlanReview = {
  id: string;
  status: PoolPlanStatus;
  progress: number;
  /** Null until planned (PLANNING, FAILED). */
  body: PlanBody | null;
  acceptedRequestIds: string[];
  locks: PlanLocks;
  /** Every driver a request may be moved to (active, with a home site), by name. */
  drivers: { id: string; name: string }[];
  driverNames: Record<string, string>;
  providerNames: Record<string, string>;
  requests: Record<string, PlannedRequestLabel>;
};

export async function getPoolPlanReview(organisationId: string, planId: string): Promise<PoolPlanReview> {
  const plan = await getPoolPlanOrThrow(kysely(), { organisationId }, planId);
  const body = plan.body as PlanBody | null;
  const review = {
    id: plan.id,
    status: plan.status,
    progress: plan.progress,
    body,
    acceptedRequestIds: plan.acceptedRequestIds,
    locks: plan.locks as PlanLocks,
  };
  if (!body) return { ...review, drivers: [], driverNames: {}, providerNames: {}, requests: {} };
  const providerIds = [...new Set(body.thirdParty.map((entry) => entry.providerId))];
  const requestIds = [
    ...body.drivers.flatMap((chain) => chain.moves.map((move) => move.requestId)),
    ...body.thirdParty.map((entry) => entry.requestId),
    ...body.unplanned.map((entry) => entry.requestId),
  ];
  const [drivers, providers, requests] = await Promise.all([
    kysely()
      .selectFrom("Driver")
      .select(["id", "firstname", "surname", "active", "homeSiteId"])
      .where("organisationId", "=", organisationId)
      .orderBy("firstname")
      .orderBy("surname")
      .execute(),
    providerIds.length === 0
      ? []
      : kysely()
          .selectFrom("ThirdPartyLogisticsProvider")
          .select(["id", "name"])
          .where("id", "in", providerIds)
          .execute(),
    requestIds.length === 0
      ? []
      : kysely()
          .selectFrom("MovementRequest as r")
          .innerJoin("Site as origin", "origin.id", "r.originSiteId")
          .innerJoin("Site as destination", "destination.id", "r.destinationSiteId")
          .select(["r.id", "r.vrm", "r.vin", "origin.name as origin", "destination.name as destination"])
          .where("r.organisationId", "=", organisationId)
          .where("r.id", "in", requestIds)
          .execute(),
  ]);
  return {
    ...review,
    drivers: drivers
      .filter((row) => row.active && row.homeSiteId !== null)
      .map((row) => ({ id: row.id, name: `${row.firstname} ${row.surname}` })),
    driverNames: Object.fromEntries(drivers.map((row) => [row.id, `${row.firstname} ${row.surname}`])),
    providerNames: Object.fromEntries(providers.map((row) => [row.id, row.name])),
    requests: Object.fromEntries(
      requests.map((row) => [
        row.id,
        { vehicle: row.vrm ?? row.vin ?? row.id, lane: `${row.origin} → ${row.destination}` },
      ]),
    ),
  };
}
