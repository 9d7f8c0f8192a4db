// Direct, over raw rows (the roll-ups' reference, lib/reports/rollups/report-rollups.int.test.ts).
// Days to frontline by site: from a prep job's creation to its entry into the OUTBOUND stage (ready to
// leave for sale), for the jobs that entered it in the period. Calendar days, to one decimal.
import { sql, type Kdb } from "@/lib/db";
import { oneDecimal, type FrontlineSite } from "@/lib/reports/report-rows";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";

export async function daysToFrontline(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<FrontlineSite[]> {
  const { start, end } = periodOf(filters);
  const days = sql<number>`extract(epoch FROM s."enteredAt" - job."createdAt") / 86400.0`;
  const grouped = kdb
    .selectFrom("PrepJobStageSpell as s")
    .innerJoin("PrepJob as job", "job.id", "s.prepJobId")
    .select([
      "s.prepSiteId",
      (eb) => eb.fn.countAll<string>().as("jobs"),
      sql<number>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${days})`.as("medianDays"),
      sql<number>`percentile_cont(0.9) WITHIN GROUP (ORDER BY ${days})`.as("p90Days"),
    ])
    .where("s.organisationId", "=", organisationId)
    .where("s.stage", "=", "OUTBOUND")
    .where("s.enteredAt", ">=", start)
    .where("s.enteredAt", "<", end)
    .where("s.prepSiteId", "is not", null)
    .$if(filters.area !== null, (query) => query.where("s.businessArea", "=", filters.area!))
    .$if(filters.siteId !== null, (query) => query.where("s.prepSiteId", "=", filters.siteId!))
    .groupBy("s.prepSiteId");
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .innerJoin("Site as site", "site.id", "g.prepSiteId")
    .select(["site.id", "site.name", "site.code", "g.jobs", "g.medianDays", "g.p90Days"])
    .orderBy("site.name")
    .execute();
  return rows.map((row) => ({
    site: { id: row.id, name: row.name, code: row.code },
    jobs: Number(row.jobs),
    medianDays: oneDecimal(row.medianDays),
    p90Days: oneDecimal(row.p90Days),
  }));
}
