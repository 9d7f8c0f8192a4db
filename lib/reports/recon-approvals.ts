// Approval turnaround per approver: the decisions (approve or decline; the site's threshold aside) made
// in the period, and how long the items had waited since they were sent for approval, in the site's
// working hours where it has opening hours: the median and 90th percentile. From the worker's roll-up
// (ReconApprovalReport). An approver is named by the user's name or the API key's.
import { sql, type Kdb } from "@/lib/db";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";
import { oneDecimal, type ReconApprover } from "@/lib/reports/report-rows";

export async function reconApprovalTurnaround(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<ReconApprover[]> {
  const { start, end } = periodOf(filters);
  const hours = sql`a."waitedSeconds" / 3600.0`;
  const grouped = kdb
    .selectFrom("ReconApprovalReport as a")
    .where("a.organisationId", "=", organisationId)
    .where("a.decidedAt", ">=", start)
    .where("a.decidedAt", "<", end)
    .$if(filters.siteId !== null, (query) => query.where("a.prepSiteId", "=", filters.siteId!))
    .$if(filters.area !== null, (query) => query.where("a.businessArea", "=", filters.area!))
    .select([
      "a.approver",
      sql<string>`count(*)`.as("decisions"),
      sql<string>`count(*) FILTER (WHERE a.approved)`.as("approved"),
      sql<number>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hours})`.as("medianHours"),
      sql<number>`percentile_cont(0.9) WITHIN GROUP (ORDER BY ${hours})`.as("p90Hours"),
    ])
    .groupBy("a.approver");
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .leftJoin("User as user", (join) =>
      join
        .on("user.organisationId", "=", organisationId)
        .on(sql`'user:' || "user".email`, "=", sql.ref("g.approver")),
    )
    .leftJoin("ApiKey as key", (join) =>
      join
        .on("key.organisationId", "=", organisationId)
        .on(sql`'api-key:' || "key".id`, "=", sql.ref("g.approver")),
    )
    .selectAll("g")
    .select(sql<string>`coalesce("user".name, 'API key ' || "key".name, g.approver)`.as("name"))
    .orderBy("name")
    .execute();
  return rows.map((row) => ({
    approver: row.name,
    decisions: Number(row.decisions),
    approvedPercent: oneDecimal((100 * Number(row.approved)) / Number(row.decisions)),
    medianHours: oneDecimal(row.medianHours),
    p90Hours: oneDecimal(row.p90Hours),
  }));
}
