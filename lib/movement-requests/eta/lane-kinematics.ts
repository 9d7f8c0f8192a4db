// How a lane's roads run (eta-window.ts, Kinematics), learned from the organisation's delivered legs
// that reported positions (MovementTrip): the median road factor (road km per straight-line km) and
// speed per lane and transport method when the lane has MIN_TRIPS of them, else per transport method,
// else the at-risk fallback's figures (usual-durations.ts): 1.3, at 60 km/h driven, 50 on a transporter.
import { sql, type Kdb } from "@/lib/db";
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import type { Kinematics } from "@/lib/movement-requests/eta/eta-window";
import { HISTORY_DAYS } from "@/lib/movement-requests/at-risk/usual-durations";

export const MIN_TRIPS = 3;
/** Shorter trips say more about traffic lights than about the lane. */
const MIN_TRIP_KM = 5;
const MIN_TRIP_SECONDS = 600;
const LEARN_EVERY_MS = 60 * 60_000;

type LaneKey = `${string}>${string}>${TransportMethod}`;
type Learned = { byLane: Map<LaneKey, Kinematics>; byMethod: Map<TransportMethod, Kinematics> };

const laneKey = (originSiteId: string, destinationSiteId: string, method: TransportMethod): LaneKey =>
  `${originSiteId}>${destinationSiteId}>${method}`;

export function fallbackKinematics(method: TransportMethod): Kinematics {
  return { roadFactor: 1.3, kmPerHour: method === "DRIVEN" ? 60 : 50 };
}

const cache = new Map<string, { learned: Learned; at: number }>();

export async function laneKinematics(
  kdb: Kdb,
  leg: {
    organisationId: string;
    originSiteId: string;
    destinationSiteId: string;
    transportMethod: TransportMethod;
  },
  now: Date,
): Promise<Kinematics> {
  let cached = cache.get(leg.organisationId);
  if (!cached || now.getTime() - cached.at >= LEARN_EVERY_MS || now.getTime() < cached.at) {
    cached = { learned: await learnKinematics(kdb, leg.organisationId, now), at: now.getTime() };
    cache.set(leg.organisationId, cached);
  }
  return (
    cached.learned.byLane.get(laneKey(leg.originSiteId, leg.destinationSiteId, leg.transportMethod)) ??
    cached.learned.byMethod.get(leg.transportMethod) ??
    fallbackKinematics(leg.transportMethod)
  );
}

/** One statement: the medians per lane and per method (GROUPING SETS). */
export async function learnKinematics(kdb: Kdb, organisationId: string, now: Date): Promise<Learned> {
  const since = new Date(now.getTime() - HISTORY_DAYS * 24 * 3_600_000);
  const { rows } = await sql<{
    originSiteId: string | null;
    destinationSiteId: string | null;
    transportMethod: TransportMethod;
    roadFactor: number;
    kmPerHour: number;
  }>`
    SELECT "originSiteId", "destinationSiteId", "transportMethod",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "roadKm" / "directKm") AS "roadFactor",
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "roadKm" / ("seconds" / 3600.0)) AS "kmPerHour"
    FROM "MovementTrip"
    WHERE "organisationId" = ${organisationId} AND "deliveredAt" >= ${since.toISOString()}::timestamp(3)
      AND "directKm" >= ${MIN_TRIP_KM} AND "seconds" >= ${MIN_TRIP_SECONDS}
    GROUP BY GROUPING SETS (("originSiteId", "destinationSiteId", "transportMethod"), ("transportMethod"))
    HAVING count(*) >= ${MIN_TRIPS}
  `.execute(kdb);
  const learned: Learned = { byLane: new Map(), byMethod: new Map() };
  for (const row of rows) {
    // A road is never shorter than the straight line.
    const kinematics = { roadFactor: Math.max(1, Number(row.roadFactor)), kmPerHour: Number(row.kmPerHour) };
    if (row.originSiteId && row.destinationSiteId) {
      learned.byLane.set(laneKey(row.originSiteId, row.destinationSiteId, row.transportMethod), kinematics);
    } else {
      learned.byMethod.set(row.transportMethod, kinematics);
    }
  }
  return learned;
}

const EARTH_KM = 6371.0088;
/** The great-circle distance in SQL (pricing.ts's haversine). */
const haversineKm = (lat1: string, lon1: string, lat2: string, lon2: string) =>
  sql<number>`2 * ${sql.lit(EARTH_KM)} * asin(least(1, sqrt(
    power(sin(radians(${sql.ref(lat2)} - ${sql.ref(lat1)}) / 2), 2) +
    cos(radians(${sql.ref(lat1)})) * cos(radians(${sql.ref(lat2)})) *
    power(sin(radians(${sql.ref(lon2)} - ${sql.ref(lon1)}) / 2), 2))))`;

/**
 * Summarises up to `limit` delivered legs that reported positions and have no trip yet: their road km
 * along the positions, the straight line from the first to the last, and the time between. One
 * statement; each leg's positions are read from its (movementId, recordedAt) index.
 */
export async function summariseDeliveredTrips(kdb: Kdb, now: Date, limit = 100): Promise<number> {
  const { rows } = await sql<{ movementId: string }>`
    INSERT INTO "MovementTrip" ("movementId", "organisationId", "originSiteId", "destinationSiteId",
                                "transportMethod", "roadKm", "directKm", "seconds", "deliveredAt")
    SELECT leg."id", r."organisationId", leg."originSiteId", leg."destinationSiteId", r."transportMethod",
           trip."roadKm", trip."directKm", trip."seconds", ${now.toISOString()}::timestamp(3)
    FROM "MovementLastPosition" last
    JOIN "Movement" leg ON leg."id" = last."movementId" AND leg."status" = 'DELIVERED'
    JOIN "MovementRequest" r ON r."id" = leg."movementRequestId"
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(${haversineKm("step.previousLatitude", "step.previousLongitude", "step.latitude", "step.longitude")})
               -- The first position has no previous one (and LEAST would take its NULL distance for 1).
               FILTER (WHERE step."previousLatitude" IS NOT NULL), 0) AS "roadKm",
             ${haversineKm("first.latitude", "first.longitude", "final.latitude", "final.longitude")} AS "directKm",
             extract(epoch FROM max(step."recordedAt") - min(step."recordedAt"))::int AS "seconds"
      FROM (
        SELECT p."recordedAt", p."latitude", p."longitude",
               lag(p."latitude") OVER (ORDER BY p."recordedAt") AS "previousLatitude",
               lag(p."longitude") OVER (ORDER BY p."recordedAt") AS "previousLongitude"
        FROM "VehiclePosition" p
        WHERE p."movementId" = leg."id"
      ) step,
      LATERAL (SELECT "latitude", "longitude" FROM "VehiclePosition" WHERE "movementId" = leg."id"
               ORDER BY "recordedAt" LIMIT 1) first,
      LATERAL (SELECT "latitude", "longitude" FROM "VehiclePosition" WHERE "movementId" = leg."id"
               ORDER BY "recordedAt" DESC LIMIT 1) final
      GROUP BY first."latitude", first."longitude", final."latitude", final."longitude"
    ) trip
    -- Every delivered leg gets its trip, however short (the learning leaves the short ones out), so
    -- that none is looked at again.
    WHERE NOT EXISTS (SELECT 1 FROM "MovementTrip" t WHERE t."movementId" = leg."id")
    LIMIT ${limit}
    ON CONFLICT ("movementId") DO NOTHING
    RETURNING "movementId"
  `.execute(kdb);
  return rows.length;
}
