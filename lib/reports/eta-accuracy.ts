// How far the estimated arrival given at collection was from the delivery (issue 35 §3;
// docs/tracking.md), per lane and per carrier of the leg that delivered, over the requests delivered in
// the period: EtaOutcome, which the ETA pass writes at delivery with everything this report groups and
// filters by, read by its (organisationId, deliveredAt) index. 0 minutes off inside the window.
import { sql, type Kdb } from "@/lib/db";
import { carrierOf } from "@/lib/reports/delivered-requests";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";
import {
  MAX_CARRIERS,
  MAX_LANES,
  oneDecimal,
  type EtaAccuracyCarrier,
  type EtaAccuracyLane,
} from "@/lib/reports/report-rows";

function outcomes(kdb: Kdb, organisationId: string, filters: ReportFilters) {
  const { start, end } = periodOf(filters);
  return kdb
    .selectFrom("EtaOutcome as o")
    .where("o.organisationId", "=", organisationId)
    .where("o.deliveredAt", ">=", start)
    .where("o.deliveredAt", "<", end)
    .$if(filters.area !== null, (query) => query.where("o.businessArea", "=", filters.area!))
    .$if(filters.siteId !== null, (query) =>
      query.where((eb) =>
        eb.or([eb("o.originSiteId", "=", filters.siteId!), eb("o.destinationSiteId", "=", filters.siteId!)]),
      ),
    );
}

const FIGURES = [
  sql<string>`count(*)`.as("measured"),
  sql<string>`count(*) FILTER (WHERE o."minutesOff" = 0)`.as("inWindow"),
  sql<number>`percentile_cont(0.5) WITHIN GROUP (ORDER BY o."minutesOff")`.as("medianMinutes"),
  sql<number>`percentile_cont(0.9) WITHIN GROUP (ORDER BY o."minutesOff")`.as("p90Minutes"),
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
  const grouped = outcomes(kdb, organisationId, filters)
    .select(["o.originSiteId", "o.destinationSiteId", ...FIGURES])
    .groupBy(["o.originSiteId", "o.destinationSiteId"])
    .orderBy("measured", "desc")
    .orderBy("o.originSiteId")
    .orderBy("o.destinationSiteId")
    .limit(MAX_LANES);
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .innerJoin("Site as origin", "origin.id", "g.originSiteId")
    .innerJoin("Site as destination", "destination.id", "g.destinationSiteId")
    .selectAll("g")
    .select([
      "origin.name as originName",
      "origin.code as originCode",
      "destination.name as destinationName",
      "destination.code as destinationCode",
    ])
    .orderBy("g.measured", "desc")
    .orderBy("origin.name")
    .orderBy("destination.name")
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
  const grouped = outcomes(kdb, organisationId, filters)
    .select(["o.providerId", "o.driverId", ...FIGURES])
    .groupBy(["o.providerId", "o.driverId"])
    .orderBy("measured", "desc")
    .orderBy("o.providerId")
    .orderBy("o.driverId")
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
