// Volume by lane: the movement requests created in the period per origin site → destination site,
// the 20 busiest lanes, with how many of them are delivered and how many were called off. Summed from
// the daily roll-up (lib/reports/rollups/).
import { sql, type Kdb } from "@/lib/db";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { MAX_LANES, type Lane } from "@/lib/reports/report-rows";
import { spansOf } from "@/lib/reports/rollups/rollup-filters";

export async function volumeByLane(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<Lane[]> {
  const grouped = kdb
    .selectFrom("ReportLaneDay as l")
    .select([
      "l.originSiteId",
      "l.destinationSiteId",
      sql<string>`sum(l."requests")`.as("requests"),
      sql<string>`sum(l."delivered")`.as("delivered"),
      sql<string>`sum(l."calledOff")`.as("calledOff"),
    ])
    .where("l.organisationId", "=", organisationId)
    // Whole ISO weeks from their week rows, the days either side from day rows.
    .where((eb) =>
      eb.or(
        spansOf(filters).map((span) =>
          eb.and([eb("l.days", "=", span.days), eb("l.day", ">=", span.from), eb("l.day", "<=", span.to)]),
        ),
      ),
    )
    .$if(filters.area !== null, (query) => query.where("l.businessArea", "=", filters.area!))
    .$if(filters.siteId !== null, (query) =>
      query.where((eb) =>
        eb.or([eb("l.originSiteId", "=", filters.siteId!), eb("l.destinationSiteId", "=", filters.siteId!)]),
      ),
    )
    .groupBy(["l.originSiteId", "l.destinationSiteId"])
    .orderBy("requests", "desc")
    .orderBy("l.originSiteId")
    .orderBy("l.destinationSiteId")
    .limit(MAX_LANES);
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .innerJoin("Site as o", "o.id", "g.originSiteId")
    .innerJoin("Site as d", "d.id", "g.destinationSiteId")
    .select([
      "o.id as originId",
      "o.name as originName",
      "o.code as originCode",
      "d.id as destinationId",
      "d.name as destinationName",
      "d.code as destinationCode",
      "g.requests",
      "g.delivered",
      "g.calledOff",
    ])
    .orderBy("g.requests", "desc")
    .orderBy("o.name")
    .orderBy("d.name")
    .execute();
  return rows.map((row) => ({
    origin: { id: row.originId, name: row.originName, code: row.originCode },
    destination: { id: row.destinationId, name: row.destinationName, code: row.destinationCode },
    requests: Number(row.requests),
    delivered: Number(row.delivered),
    calledOff: Number(row.calledOff),
  }));
}
