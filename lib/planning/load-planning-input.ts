// What the planner knows, read from the database in a handful of statements: the pool's requests (with
// their versions, so that accepting can tell what changed since), the drivers who have a home site, the
// 3PLs of the requests' profiles with their rate cards, the organisation's settings, and the lanes'
// learned durations (the at-risk pass's, lib/movement-requests/at-risk/usual-durations.ts).
import { sql, type Kdb } from "@/lib/db";
import { fromDateOnly, toDateOnly } from "@/lib/dates";
import { daysOffSchema, workingHoursSchema } from "@/lib/drivers/schemas";
import { AppError } from "@/lib/errors/app-error";
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import type { MovementRequestScope } from "@/lib/movement-requests/get-movement-request-or-throw";
import { learnDurations } from "@/lib/movement-requests/at-risk/usual-durations";
import { BEFORE_CARRIER } from "@/lib/movement-requests/transitions";
import type { Place, PlanningInput, PlanningProvider, RateCard } from "@/lib/planning/model";
import type { CreatePoolPlanBody } from "@/lib/planning/schemas";

type SiteColumns = {
  siteId: string;
  latitude: number;
  longitude: number;
  timezone: string | null;
  countryCode: string;
};

const placeOf = (site: SiteColumns): Place => ({
  siteId: site.siteId,
  latitude: site.latitude,
  longitude: site.longitude,
  timeZone: resolveSiteTimeZone(site),
});

export type LoadedPool = { input: PlanningInput; versions: Record<string, number> };

/**
 * What the planner knows for a plan of `body`: the pool's requests, or `rows` when given (the requests a
 * dispatcher planned by hand, lib/planning/manual-plan.ts), with the drivers, 3PLs and settings.
 */
export async function loadPlanningInput(
  kdb: Kdb,
  scope: MovementRequestScope,
  body: CreatePoolPlanBody,
  now: Date,
  rows?: RequestRow[],
): Promise<LoadedPool> {
  const { organisationId } = scope;
  const organisation = await kdb
    .selectFrom("Organisation")
    .select([
      "currencyCode",
      "latenessPenaltyPerHourCents",
      "driverCostPerHourCents",
      "repositioningMode",
      "publicTransportFactor",
      "chaseCarCostPerKmCents",
    ])
    .where("id", "=", organisationId)
    .executeTakeFirstOrThrow();
  const requests = rows ?? (await poolRequests(kdb, scope, body));
  const profileIds = [...new Set(requests.map((request) => request.profileId))];
  const [drivers, providers, learned] = await Promise.all([
    homeDrivers(kdb, organisationId),
    providersOf(kdb, profileIds),
    learnDurations(kdb, organisationId, now),
  ]);
  return {
    versions: Object.fromEntries(requests.map((request) => [request.id, request.version])),
    input: {
      from: body.from,
      to: body.to,
      requests: requests.map((row) => ({
        id: row.id,
        profileId: row.profileId,
        transportMethod: row.transportMethod,
        origin: placeOf({ ...row.origin, siteId: row.originSiteId }),
        destination: placeOf({ ...row.destination, siteId: row.destinationSiteId }),
        readyToCollectFromDate: toDateOnly(row.readyToCollectFromDate),
        readyToCollectFromTimeslot: row.readyToCollectFromTimeslot,
        deliveryByDate: toDateOnly(row.deliveryByDate),
        deliveryByTimeslot: row.deliveryByTimeslot,
        deliveryByTime: row.deliveryByTime,
        deliverOnSpecifiedDate: row.deliverOnSpecifiedDate,
      })),
      drivers,
      providers,
      settings: {
        currencyCode: organisation.currencyCode,
        latenessPenaltyPerHourCents: organisation.latenessPenaltyPerHourCents,
        defaultDriverCostPerHourCents: organisation.driverCostPerHourCents,
        repositioning:
          organisation.repositioningMode === "CHASE_CAR"
            ? { mode: "CHASE_CAR", costPerKmCents: organisation.chaseCarCostPerKmCents }
            : { mode: "PUBLIC_TRANSPORT", factor: organisation.publicTransportFactor },
      },
      laneDurations: new Map([...learned.byLane].map(([lane, durations]) => [lane, durations.inTransit])),
      notBefore: now.getTime(),
    },
  };
}

const ofCaller = (kdb: Kdb, scope: MovementRequestScope) =>
  kdb
    .selectFrom("MovementRequest as r")
    .where("r.organisationId", "=", scope.organisationId)
    .$if(scope.profileId !== undefined, (query) => query.where("r.profileId", "=", scope.profileId!));

/**
 * Refuses asked-for requests that are not in the caller's pool, before a plan of them is stored (the
 * board's ask, which the worker plans later). Throws as loadPlanningInput does.
 */
export async function assertInPool(kdb: Kdb, scope: MovementRequestScope, requestIds: string[]) {
  const inPool = await ofCaller(kdb, scope)
    .select("r.id")
    .where("r.status", "in", [...BEFORE_CARRIER])
    .where("r.id", "in", requestIds)
    .execute();
  await refuseMissing(kdb, scope, requestIds, inPool);
}

/** 404 naming what the caller cannot see, else 409 naming its requests that have a carrier or are finished. */
async function refuseMissing(
  kdb: Kdb,
  scope: MovementRequestScope,
  requestIds: string[],
  found: { id: string }[],
): Promise<void> {
  if (found.length === requestIds.length) return;
  const foundIds = new Set(found.map((row) => row.id));
  const missing = requestIds.filter((id) => !foundIds.has(id));
  const visible = new Set(
    (await ofCaller(kdb, scope).select("r.id").where("r.id", "in", missing).execute()).map((row) => row.id),
  );
  const unseen = missing.filter((id) => !visible.has(id));
  if (unseen.length > 0) {
    throw new AppError(
      "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
      `No movement request ${unseen.join(", ")} was found.`,
      {
        errors: unseen.map((id) => ({ path: id, message: "No movement request of yours has this id" })),
      },
    );
  }
  throw new AppError("NOT_IN_PLANNING_POOL", `Not in the planning pool: ${missing.join(", ")}.`, {
    errors: missing.map((id) => ({ path: id, message: "Already has a carrier, or is finished" })),
  });
}

/** The caller's requests with what the planner reads of them and of their two sites (a query to narrow). */
export function requestRowsQuery(kdb: Kdb, scope: MovementRequestScope) {
  return ofCaller(kdb, scope)
    .innerJoin("Site as o", "o.id", "r.originSiteId")
    .innerJoin("Site as d", "d.id", "r.destinationSiteId")
    .select([
      "r.id",
      "r.version",
      "r.profileId",
      "r.transportMethod",
      "r.originSiteId",
      "r.destinationSiteId",
      "r.readyToCollectFromDate",
      "r.readyToCollectFromTimeslot",
      "r.deliveryByDate",
      "r.deliveryByTimeslot",
      "r.deliveryByTime",
      "r.deliverOnSpecifiedDate",
      "o.latitude as originLatitude",
      "o.longitude as originLongitude",
      "o.timezone as originTimezone",
      "o.countryCode as originCountryCode",
      "d.latitude as destinationLatitude",
      "d.longitude as destinationLongitude",
      "d.timezone as destinationTimezone",
      "d.countryCode as destinationCountryCode",
    ]);
}

type SelectedRequest = Awaited<ReturnType<ReturnType<typeof requestRowsQuery>["execute"]>>[number];

/** A selected request with its sites grouped, as loadPlanningInput takes it. */
export function withPlaces(row: SelectedRequest) {
  return {
    ...row,
    origin: {
      latitude: row.originLatitude,
      longitude: row.originLongitude,
      timezone: row.originTimezone,
      countryCode: row.originCountryCode,
    },
    destination: {
      latitude: row.destinationLatitude,
      longitude: row.destinationLongitude,
      timezone: row.destinationTimezone,
      countryCode: row.destinationCountryCode,
    },
  };
}
export type RequestRow = ReturnType<typeof withPlaces>;

/**
 * The pool's requests of the caller's profile (every profile for staff): those asked for, else every one
 * ready by the plan's last day. Asked-for ids that are not in the pool are refused, naming them: 404 for
 * what the caller cannot see, 409 for its requests that already have a carrier or are finished.
 */
async function poolRequests(kdb: Kdb, scope: MovementRequestScope, body: CreatePoolPlanBody) {
  const rows = await requestRowsQuery(kdb, scope)
    .where("r.status", "in", [...BEFORE_CARRIER])
    .$if(body.requestIds !== undefined, (query) => query.where("r.id", "in", body.requestIds!))
    .$if(body.requestIds === undefined, (query) =>
      query.where("r.readyToCollectFromDate", "<=", fromDateOnly(body.to)),
    )
    .orderBy("r.id")
    .execute();
  if (body.requestIds) await refuseMissing(kdb, scope, body.requestIds, rows);
  return rows.map(withPlaces);
}

/** Active drivers with a home site: a driver without one has nowhere to start a day from. */
async function homeDrivers(kdb: Kdb, organisationId: string): Promise<PlanningInput["drivers"]> {
  const rows = await kdb
    .selectFrom("Driver as driver")
    .innerJoin("Site as home", "home.id", "driver.homeSiteId")
    .select([
      "driver.id",
      "driver.workingHours",
      "driver.daysOff",
      "driver.transporterLicence",
      "driver.costPerHourCents",
      "home.id as siteId",
      "home.latitude",
      "home.longitude",
      "home.timezone",
      "home.countryCode",
    ])
    .where("driver.organisationId", "=", organisationId)
    .where("driver.active", "=", true)
    .orderBy("driver.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    home: placeOf(row),
    workingHours: workingHoursSchema.parse(row.workingHours),
    daysOff: daysOffSchema.parse(row.daysOff),
    transportMethods: row.transporterLicence ? ["DRIVEN", "TRANSPORTED"] : ["DRIVEN"],
    costPerHourCents: row.costPerHourCents,
  }));
}

/** The 3PLs configured for these profiles, with their rate cards: one statement. */
async function providersOf(kdb: Kdb, profileIds: string[]): Promise<PlanningProvider[]> {
  if (profileIds.length === 0) return [];
  const rows = await kdb
    .selectFrom("ProfileProvider as link")
    .innerJoin("ThirdPartyLogisticsProvider as provider", "provider.id", "link.providerId")
    .innerJoin("RateCard as card", "card.providerId", "provider.id")
    .select([
      "link.profileId",
      "provider.id",
      // pg knows no parser for an enum array; as text[] it arrives as an array.
      sql<TransportMethod[]>`provider."transportMethods"::text[]`.as("transportMethods"),
      "card.transportMethod",
      "card.currencyCode",
      "card.baseCostCents",
      "card.perKmCostCents",
    ])
    .where("link.profileId", "in", profileIds)
    .orderBy("provider.id")
    .execute();
  const providers = new Map<string, { profileIds: Set<string>; provider: PlanningProvider }>();
  for (const row of rows) {
    const entry = providers.get(row.id) ?? {
      profileIds: new Set<string>(),
      provider: { id: row.id, transportMethods: row.transportMethods, profileIds: [], rateCards: [] },
    };
    entry.profileIds.add(row.profileId);
    const card: RateCard = {
      transportMethod: row.transportMethod,
      currencyCode: row.currencyCode,
      baseCostCents: row.baseCostCents,
      perKmCostCents: row.perKmCostCents,
    };
    const cards = entry.provider.rateCards as RateCard[];
    if (!cards.some((known) => known.transportMethod === card.transportMethod)) cards.push(card);
    providers.set(row.id, entry);
  }
  return [...providers.values()].map(({ profileIds: ids, provider }) => ({
    ...provider,
    profileIds: [...ids],
  }));
}
