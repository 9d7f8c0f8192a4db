// Direct, over raw rows (the roll-ups' reference, lib/reports/rollups/report-rollups.int.test.ts).
// Volume by lane: the movement requests created in the period per origin site → destination site,
// the 20 busiest lanes, with how many of them are delivered and how many were called off.
import { sql, type Kdb } from "@/lib/db";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";
import { MAX_LANES, type Lane } from "@/lib/reports/report-rows";
import { CALLED_OFF_STATUSES } from "@/lib/movement-requests/transitions";

export async function volumeByLane(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<Lane[]> {
  const { start, end } = periodOf(filters);
  const grouped = kdb
    .selectFrom("MovementRequest as r")
    .select([
      "r.originSiteId",
      "r.destinationSiteId",
      (eb) => eb.fn.countAll<string>().as("requests"),
      sql<string>`count(*) FILTER (WHERE r.status = 'DELIVERED')`.as("delivered"),
      sql<string>`count(*) FILTER (WHERE r.status = ANY(${[...CALLED_OFF_STATUSES]}::"MovementRequestStatus"[]))`.as(
        "calledOff",
      ),
    ])
    .where("r.organisationId", "=", organisationId)
    .where("r.createdAt", ">=", start)
    .where("r.createdAt", "<", end)
    .$if(filters.area !== null, (query) => query.where("r.businessArea", "=", filters.area!))
    .$if(filters.siteId !== null, (query) =>
      query.where((eb) =>
        eb.or([eb("r.originSiteId", "=", filters.siteId!), eb("r.destinationSiteId", "=", filters.siteId!)]),
      ),
    )
    .groupBy(["r.originSiteId", "r.destinationSiteId"])
    .orderBy("requests", "desc")
    .orderBy("r.originSiteId")
    .orderBy("r.destinationSiteId")
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
