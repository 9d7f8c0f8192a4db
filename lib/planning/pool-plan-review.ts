// The board's view of a plan (components/planning/): while the worker plans it, its progress; once
// planned, its body with names a dispatcher reads (drivers, 3PLs, each request's vehicle and lane) and
// what its map draws (the sites of the requests' lanes and the drivers' homes).
import { kysely } from "@/lib/db";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import type { PlanBody } from "@/lib/planning/model";
import type { PlanLocks } from "@/lib/planning/plan-carrier";
import type { PlanMapData } from "@/lib/planning/plan-map";
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
  map: PlanMapData;
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
  if (!body) {
    const map = { sites: {}, lanes: {}, homes: {} };
    return { ...review, drivers: [], driverNames: {}, providerNames: {}, requests: {}, map };
  }
  const providerIds = [...new Set(body.thirdParty.map((entry) => entry.providerId))];
  const requestIds = [
    ...body.drivers.flatMap((chain) => chain.moves.map((move) => move.requestId)),
    ...body.thirdParty.map((entry) => entry.requestId),
    ...body.unplanned.map((entry) => entry.requestId),
  ];
  const [drivers, homeSites, providers, requests] = await Promise.all([
    kysely()
      .selectFrom("Driver")
      .select(["id", "firstname", "surname", "active", "homeSiteId"])
      .where("organisationId", "=", organisationId)
      .orderBy("firstname")
      .orderBy("surname")
      .execute(),
    kysely()
      .selectFrom("Site")
      .select(["id", "name", "latitude", "longitude", "timezone", "countryCode"])
      .where("organisationId", "=", organisationId)
      .where("id", "in", (query) =>
        query
          .selectFrom("Driver")
          .select("homeSiteId")
          .where("organisationId", "=", organisationId)
          .where("homeSiteId", "is not", null),
      )
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
          .select([
            "r.id",
            "r.vrm",
            "r.vin",
            "origin.id as originSiteId",
            "origin.name as origin",
            "origin.latitude as originLatitude",
            "origin.longitude as originLongitude",
            "destination.id as destinationSiteId",
            "destination.name as destination",
            "destination.latitude as destinationLatitude",
            "destination.longitude as destinationLongitude",
          ])
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
    map: planMapData(drivers, homeSites, requests),
  };
}

type HomeSiteRow = {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  timezone: string | null;
  countryCode: string;
};
type LaneRow = {
  id: string;
  originSiteId: string;
  origin: string;
  originLatitude: number;
  originLongitude: number;
  destinationSiteId: string;
  destination: string;
  destinationLatitude: number;
  destinationLongitude: number;
};

function planMapData(
  drivers: { id: string; homeSiteId: string | null }[],
  homeSites: HomeSiteRow[],
  requests: LaneRow[],
): PlanMapData {
  const map: PlanMapData = { sites: {}, lanes: {}, homes: {} };
  for (const row of requests) {
    map.sites[row.originSiteId] = {
      name: row.origin,
      latitude: row.originLatitude,
      longitude: row.originLongitude,
    };
    map.sites[row.destinationSiteId] = {
      name: row.destination,
      latitude: row.destinationLatitude,
      longitude: row.destinationLongitude,
    };
    map.lanes[row.id] = { originSiteId: row.originSiteId, destinationSiteId: row.destinationSiteId };
  }
  const homes = new Map(homeSites.map((site) => [site.id, site]));
  for (const driver of drivers) {
    const home = driver.homeSiteId ? homes.get(driver.homeSiteId) : undefined;
    if (!home) continue;
    map.sites[home.id] = { name: home.name, latitude: home.latitude, longitude: home.longitude };
    map.homes[driver.id] = { siteId: home.id, timeZone: resolveSiteTimeZone(home) };
  }
  return map;
}
