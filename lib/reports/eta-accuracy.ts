// How far the estimated arrival said at collection was from the delivery (issue 35 §3; docs/tracking.md):
// per lane and per carrier, over the requests delivered in the period whose window at collection the
// ETA pass kept (MovementEta.collection*). A delivery inside the window is 0 minutes off; outside, it is
// off by its distance to the nearer end. Read from the requests themselves (the delivered ones in the
// period, by the partial index on (organisationId, completedOn)), the window by primary key.
import { sql, type Kdb } from "@/lib/db";
import { carrierOf, deliveredRequestsWithCarrier } from "@/lib/reports/delivered-requests";
import type { ReportFilters } from "@/lib/reports/report-filters";
import {
  MAX_CARRIERS,
  MAX_LANES,
  oneDecimal,
  type EtaAccuracyCarrier,
  type EtaAccuracyLane,
} from "@/lib/reports/report-rows";

function measured(kdb: Kdb, organisationId: string, filters: ReportFilters) {
  return kdb
    .selectFrom(deliveredRequestsWithCarrier(kdb, organisationId, filters).as("d"))
    .innerJoin("MovementEta as e", "e.movementRequestId", "d.id")
    .where("e.collectionEarliest", "is not", null)
    .where("e.collectionLatest", "is not", null);
}

/** Minutes from the delivery to the window it was given at collection (0 inside it). */
const MINUTES_OFF = sql<number>`greatest(0,
  extract(epoch FROM e."collectionEarliest" - d."completedOn"),
  extract(epoch FROM d."completedOn" - e."collectionLatest")) / 60`;

const FIGURES = [
  sql<string>`count(*)`.as("measured"),
  sql<string>`count(*) FILTER (WHERE d."completedOn" BETWEEN e."collectionEarliest" AND e."collectionLatest")`.as(
    "inWindow",
  ),
  sql<number>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${MINUTES_OFF})`.as("medianMinutes"),
  sql<number>`percentile_cont(0.9) WITHIN GROUP (ORDER BY ${MINUTES_OFF})`.as("p90Minutes"),
];

function figures(row: { measured: string; inWindow: string; medianMinutes: number; p90Minutes: number }) {
  const count = Number(row.measured);
  return {
    measured: count,
    inWindowPercent: count ? oneDecimal((Number(row.inWindow) / count) * 100) : 0,
    medianMinutes: Math.round(Number(row.medianMinutes)),
    p90Minutes: Math.round(Number(row.p90Minutes)),
  };
}

export async function etaAccuracyByLane(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<EtaAccuracyLane[]> {
  const grouped = measured(kdb, organisationId, filters)
    .select(["d.originSiteId", "d.destinationSiteId", ...FIGURES])
    .groupBy(["d.originSiteId", "d.destinationSiteId"])
    .orderBy("measured", "desc")
    .orderBy("d.originSiteId")
    .orderBy("d.destinationSiteId")
    .limit(MAX_LANES);
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .innerJoin("Site as o", "o.id", "g.originSiteId")
    .innerJoin("Site as t", "t.id", "g.destinationSiteId")
    .selectAll("g")
    .select([
      "o.name as originName",
      "o.code as originCode",
      "t.name as destinationName",
      "t.code as destinationCode",
    ])
    .orderBy("g.measured", "desc")
    .orderBy("o.name")
    .orderBy("t.name")
    .execute();
  return rows.map((row) => ({
    origin: { id: row.originSiteId, name: row.originName, code: row.originCode },
    destination: { id: row.destinationSiteId, name: row.destinationName, code: row.destinationCode },
    ...figures(row),
  }));
}

export async function etaAccuracyByCarrier(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<EtaAccuracyCarrier[]> {
  const grouped = measured(kdb, organisationId, filters)
    .select(["d.providerId", "d.driverId", ...FIGURES])
    .groupBy(["d.providerId", "d.driverId"])
    .orderBy("measured", "desc")
    .orderBy("d.providerId")
    .orderBy("d.driverId")
    .limit(MAX_CARRIERS);
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .leftJoin("ThirdPartyLogisticsProvider as p", "p.id", "g.providerId")
    .leftJoin("Driver as driver", "driver.id", "g.driverId")
    .selectAll("g")
    .select([
      "p.name as providerName",
      "driver.firstname as driverFirstname",
      "driver.surname as driverSurname",
    ])
    .orderBy("g.measured", "desc")
    .orderBy("g.providerId")
    .orderBy("g.driverId")
    .execute();
  return rows.map((row) => ({ carrier: carrierOf(row), ...figures(row) }));
}
