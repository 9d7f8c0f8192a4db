// The usual length of each phase (at-risk-rule.ts), learned from the organisation's own requests
// delivered in the last 180 days: the median per lane (origin → destination) and transport method when
// the lane has MIN_SAMPLES of them, else per transport method, else the fallback from distance.
import { sql, type Kdb } from "@/lib/db";
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import { PHASES, type PhaseDurations } from "@/lib/movement-requests/at-risk/at-risk-rule";
import { greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { ACCEPTED_BY_CARRIER, PLANNING } from "@/lib/movement-requests/transitions";

const HOUR = 3_600_000;
export const HISTORY_DAYS = 180;
export const MIN_SAMPLES = 5;
/** Road distance ÷ great-circle distance, and speeds on the road, when nothing has been learned. */
export const ROAD_FACTOR = 1.3;
export const ROAD_SPEED_KMH: Record<TransportMethod, number> = { DRIVEN: 60, TRANSPORTED: 50 };
/** Collection and delivery: keys, checks, photos. */
export const HANDOVER_MS = HOUR;

/**
 * Without history: a dispatcher finds a carrier within 4 hours; a driver collects within 4 hours of the
 * ready time, a transporter within a day (it fills a truck); on the road, 1.3 × the great-circle
 * distance at 60 km/h driven or 50 km/h on a transporter, plus an hour's handover, plus a day on a
 * transporter (loading, other drops).
 */
export function fallbackDurations(
  method: TransportMethod,
  origin: { latitude: number; longitude: number },
  destination: { latitude: number; longitude: number },
): PhaseDurations {
  const roadKm = ROAD_FACTOR * greatCircleDistanceKm(origin, destination);
  const driven = method === "DRIVEN";
  return {
    toCarrier: 4 * HOUR,
    toCollection: (driven ? 4 : 24) * HOUR,
    inTransit: (roadKm / ROAD_SPEED_KMH[method]) * HOUR + HANDOVER_MS + (driven ? 0 : 24 * HOUR),
  };
}

type LaneKey = `${string}>${string}>${TransportMethod}`;
export type LearnedDurations = {
  byLane: Map<LaneKey, PhaseDurations>;
  byMethod: Map<TransportMethod, PhaseDurations>;
};

export const laneKey = (originSiteId: string, destinationSiteId: string, method: TransportMethod): LaneKey =>
  `${originSiteId}>${destinationSiteId}>${method}`;

/** One statement: the medians per lane and per method (GROUPING SETS), with their sample counts. */
export async function learnDurations(kdb: Kdb, organisationId: string, now: Date): Promise<LearnedDurations> {
  const committed = [...ACCEPTED_BY_CARRIER, ...PLANNING];
  const since = new Date(now.getTime() - HISTORY_DAYS * 24 * HOUR);
  const { rows } = await sql<{
    originSiteId: string | null;
    destinationSiteId: string | null;
    transportMethod: TransportMethod;
    samples: number;
    toCarrier: number;
    toCollection: number;
    inTransit: number;
  }>`
    WITH journeys AS (
      SELECT r."originSiteId", r."destinationSiteId", r."transportMethod", r."createdAt",
             r."readyToCollectFromDate" + interval '8 hours' AS "readyAt",
             (SELECT min(c."occurredAt") FROM "MovementRequestStatusChange" c
               WHERE c."movementRequestId" = r."id" AND c."toStatus"::text IN (${sql.join(committed)})) AS "committedAt",
             (SELECT min(c."occurredAt") FROM "MovementRequestStatusChange" c
               WHERE c."movementRequestId" = r."id" AND c."toStatus" = 'IN_PROGRESS') AS "collectedAt",
             r."completedOn" AS "deliveredAt"
      FROM "MovementRequest" r
      WHERE r."organisationId" = ${organisationId} AND r."status" = 'DELIVERED'
        AND r."completedOn" >= ${since.toISOString()}::timestamp(3)
    ), phases AS (
      SELECT "originSiteId", "destinationSiteId", "transportMethod",
             extract(epoch FROM "committedAt" - "createdAt") AS "toCarrier",
             extract(epoch FROM "collectedAt" - GREATEST("committedAt", "readyAt")) AS "toCollection",
             extract(epoch FROM "deliveredAt" - "collectedAt") AS "inTransit"
      FROM journeys
      WHERE "committedAt" IS NOT NULL AND "collectedAt" IS NOT NULL AND "deliveredAt" >= "collectedAt"
    )
    SELECT "originSiteId", "destinationSiteId", "transportMethod", count(*)::int AS "samples",
           1000 * percentile_cont(0.5) WITHIN GROUP (ORDER BY GREATEST("toCarrier", 0)) AS "toCarrier",
           1000 * percentile_cont(0.5) WITHIN GROUP (ORDER BY GREATEST("toCollection", 0)) AS "toCollection",
           1000 * percentile_cont(0.5) WITHIN GROUP (ORDER BY "inTransit") AS "inTransit"
    FROM phases
    GROUP BY GROUPING SETS (("originSiteId", "destinationSiteId", "transportMethod"), ("transportMethod"))
    HAVING count(*) >= ${MIN_SAMPLES}
  `.execute(kdb);
  const learned: LearnedDurations = { byLane: new Map(), byMethod: new Map() };
  for (const row of rows) {
    const durations = Object.fromEntries(
      PHASES.map((phase) => [phase, Number(row[phase])]),
    ) as PhaseDurations;
    if (row.originSiteId && row.destinationSiteId) {
      learned.byLane.set(laneKey(row.originSiteId, row.destinationSiteId, row.transportMethod), durations);
    } else {
      learned.byMethod.set(row.transportMethod, durations);
    }
  }
  return learned;
}
