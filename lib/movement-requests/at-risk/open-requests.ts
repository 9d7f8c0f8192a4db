// What the worker's passes over open requests share (the at-risk pass, the ETA pass): every open
// request with its sites and when it entered its status, and the usual length of its journey's phases,
// learned per organisation at most once an hour (usual-durations.ts).
import { sql, type Kdb } from "@/lib/db";
import type { Timeslot, TransportMethod } from "@/lib/generated/prisma/enums";
import type { PhaseDurations } from "@/lib/movement-requests/at-risk/at-risk-rule";
import {
  fallbackDurations,
  laneKey,
  learnDurations,
  type LearnedDurations,
} from "@/lib/movement-requests/at-risk/usual-durations";
import { type MovementRequestStatus } from "@/lib/movement-requests/transitions";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

/** The learned durations are recomputed at most this often per organisation. */
const LEARN_EVERY_MS = 60 * 60_000;

const learnedCache = new Map<string, { learned: LearnedDurations; at: number }>();

/** The organisation's learned durations, learned again once they are an hour old. */
export async function learnedDurationsOf(
  kdb: Kdb,
  organisationId: string,
  now: Date,
): Promise<LearnedDurations> {
  let cached = learnedCache.get(organisationId);
  if (!cached || now.getTime() - cached.at >= LEARN_EVERY_MS || now.getTime() < cached.at) {
    cached = { learned: await learnDurations(kdb, organisationId, now), at: now.getTime() };
    learnedCache.set(organisationId, cached);
  }
  return cached.learned;
}

export type SiteSource = {
  countryCode: string;
  timezone: string | null;
  latitude: number;
  longitude: number;
};
export type OpenRequest = {
  id: string;
  organisationId: string;
  profileId: string;
  status: MovementRequestStatus;
  version: number;
  transportMethod: TransportMethod;
  originSiteId: string;
  destinationSiteId: string;
  readyToCollectFromDate: Date;
  readyToCollectFromTimeslot: Timeslot;
  deliveryByDate: Date;
  deliveryByTimeslot: Timeslot;
  deliveryByTime: string | null;
  estimatedDeliveryDate: Date | null;
  estimatedDeliveryTimeslot: Timeslot | null;
  atRiskSince: Date | null;
  expectedArrivalAt: Date | null;
  createdAt: Date;
  statusSince: Date | null;
  origin: SiteSource;
  destination: SiteSource;
};

/**
 * The usual length of each phase of the request's journey, and where it comes from: its lane, its
 * transport method across the organisation, or the fallback from distance when neither has history.
 */
export async function usualDurationsFor(
  trx: Kdb,
  request: Pick<
    OpenRequest,
    "organisationId" | "originSiteId" | "destinationSiteId" | "transportMethod" | "origin" | "destination"
  >,
  now: Date,
): Promise<{ durations: PhaseDurations; learned: boolean }> {
  const { byLane, byMethod } = await learnedDurationsOf(trx, request.organisationId, now);
  const learned =
    byLane.get(laneKey(request.originSiteId, request.destinationSiteId, request.transportMethod)) ??
    byMethod.get(request.transportMethod);
  return learned
    ? { durations: learned, learned: true }
    : {
        durations: fallbackDurations(request.transportMethod, request.origin, request.destination),
        learned: false,
      };
}

/** Open requests with their sites and when each entered its status (the audit's last real change). */
function openRequestsQuery(trx: Kdb) {
  return trx
    .selectFrom("MovementRequest as r")
    .innerJoin("Site as o", "o.id", "r.originSiteId")
    .innerJoin("Site as d", "d.id", "r.destinationSiteId")
    .select([
      "r.id",
      "r.organisationId",
      "r.profileId",
      "r.status",
      "r.version",
      "r.transportMethod",
      "r.originSiteId",
      "r.destinationSiteId",
      "r.readyToCollectFromDate",
      "r.readyToCollectFromTimeslot",
      "r.deliveryByDate",
      "r.deliveryByTimeslot",
      "r.deliveryByTime",
      "r.estimatedDeliveryDate",
      "r.estimatedDeliveryTimeslot",
      "r.atRiskSince",
      "r.expectedArrivalAt",
      "r.createdAt",
      "o.countryCode as originCountryCode",
      "o.timezone as originTimezone",
      "o.latitude as originLatitude",
      "o.longitude as originLongitude",
      "d.countryCode as destinationCountryCode",
      "d.timezone as destinationTimezone",
      "d.latitude as destinationLatitude",
      "d.longitude as destinationLongitude",
    ])
    .select((eb) =>
      eb
        .selectFrom("MovementRequestStatusChange as c")
        .select((inner) => inner.fn.max("c.occurredAt").as("since"))
        .whereRef("c.movementRequestId", "=", "r.id")
        .where(sql<boolean>`c."fromStatus" IS DISTINCT FROM c."toStatus"`)
        .as("statusSince"),
    )
    .where(isOpen);
}

/** Literals, so that the planner can use the partial index of open requests. */
const isOpen = sql<boolean>`r."status" NOT IN (${sql.join(TERMINAL_STATUSES.map((status) => sql.lit(status)))})`;

/** The ids of every open request (the ETA pass then reads them in chunks). */
export async function readOpenRequestIds(trx: Kdb): Promise<string[]> {
  const rows = await trx.selectFrom("MovementRequest as r").select("r.id").where(isOpen).execute();
  return rows.map((row) => row.id);
}
type OpenRequestRow = Awaited<ReturnType<ReturnType<typeof openRequestsQuery>["executeTakeFirstOrThrow"]>>;

/** Every open request, or those of `ids` that are open. */
export async function readOpenRequests(trx: Kdb, ids?: readonly string[]): Promise<OpenRequest[]> {
  if (ids?.length === 0) return [];
  const rows = await openRequestsQuery(trx)
    .$if(ids !== undefined, (query) => query.where("r.id", "in", ids as readonly string[]))
    .execute();
  return rows.map(toOpenRequest);
}

export type DueRequest = OpenRequest & { atRiskCheckAt: Date };
/** Where a chunk of the at-risk pass stopped, in the order of "MovementRequest_at_risk_check_idx". */
export type DueCursor = { checkAt: Date; id: string };

/**
 * The next `limit` open requests the at-risk pass must measure by `now`, after `after`, locked until the
 * chunk commits (a writer waits for it, then marks the request due again); the ones a writer holds are
 * left for the next pass.
 */
export async function readDueRequests(
  trx: Kdb,
  { now, after, limit }: { now: Date; after: DueCursor | null; limit: number },
): Promise<DueRequest[]> {
  let query = openRequestsQuery(trx).select("r.atRiskCheckAt").where("r.atRiskCheckAt", "<=", now);
  if (after) {
    query = query.where((eb) =>
      eb(eb.refTuple("r.atRiskCheckAt", "r.id"), ">", eb.tuple(after.checkAt, after.id)),
    );
  }
  const rows = await query
    .orderBy("r.atRiskCheckAt")
    .orderBy("r.id")
    .limit(limit)
    .forUpdate("r")
    .skipLocked()
    .execute();
  return rows.map((row) => ({ ...toOpenRequest(row), atRiskCheckAt: row.atRiskCheckAt! }));
}

function toOpenRequest(row: OpenRequestRow): OpenRequest {
  const {
    originCountryCode,
    originTimezone,
    originLatitude,
    originLongitude,
    destinationCountryCode,
    destinationTimezone,
    destinationLatitude,
    destinationLongitude,
    ...request
  } = row;
  return {
    ...request,
    origin: {
      countryCode: originCountryCode,
      timezone: originTimezone,
      latitude: originLatitude,
      longitude: originLongitude,
    },
    destination: {
      countryCode: destinationCountryCode,
      timezone: destinationTimezone,
      latitude: destinationLatitude,
      longitude: destinationLongitude,
    },
  };
}
