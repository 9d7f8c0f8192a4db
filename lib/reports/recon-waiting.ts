// Why vehicles wait: for the jobs that reached the frontline in the period, the time from arrival to
// the frontline split by cause (awaiting approval, waiting parts, at sublet, in work, idle), per prep
// site: the mean hours per vehicle, in the site's working hours where it has opening hours. From the
// worker's roll-up (ReconWaitReport, one row per job: recon-job-figures.ts says how time is given).
import { sql, type Kdb } from "@/lib/db";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";
import { oneDecimal, type ReconWaiting } from "@/lib/reports/report-rows";

export async function reconWaitingBySite(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<ReconWaiting[]> {
  const { start, end } = periodOf(filters);
  const meanHours = (column: string) => sql<number>`avg(${sql.ref(`w.${column}`)}) / 3600.0`;
  const grouped = kdb
    .selectFrom("ReconWaitReport as w")
    .where("w.organisationId", "=", organisationId)
    .where("w.frontlineAt", ">=", start)
    .where("w.frontlineAt", "<", end)
    .$if(filters.siteId !== null, (query) => query.where("w.prepSiteId", "=", filters.siteId!))
    .$if(filters.area !== null, (query) => query.where("w.businessArea", "=", filters.area!))
    .select([
      "w.prepSiteId",
      sql<string>`count(*)`.as("vehicles"),
      sql<boolean>`bool_or(w."workingHours")`.as("workingHours"),
      meanHours("approvalSeconds").as("approval"),
      meanHours("partsSeconds").as("parts"),
      meanHours("subletSeconds").as("sublet"),
      meanHours("workSeconds").as("work"),
      meanHours("idleSeconds").as("idle"),
    ])
    .groupBy("w.prepSiteId");
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .innerJoin("Site as site", "site.id", "g.prepSiteId")
    .selectAll("g")
    .select(["site.name", "site.code"])
    .orderBy("site.name")
    .execute();
  return rows.map((row) => ({
    site: { id: row.prepSiteId, name: row.name, code: row.code, workingHours: row.workingHours },
    vehicles: Number(row.vehicles),
    hours: {
      approval: oneDecimal(row.approval),
      parts: oneDecimal(row.parts),
      sublet: oneDecimal(row.sublet),
      work: oneDecimal(row.work),
      idle: oneDecimal(row.idle),
    },
  }));
}
