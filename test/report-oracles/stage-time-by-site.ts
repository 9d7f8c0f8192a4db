// Direct, over raw rows (the roll-ups' reference, lib/reports/rollups/report-rollups.int.test.ts).
// Time in each prep stage by site: the stays (PrepJobStageSpell) that ended in the period, median and
// 90th percentile in hours. Counted in working hours where the site has opening hours (the worker
// fills workingSeconds once a stay ends; until it has, within a minute, the elapsed time stands in),
// in elapsed hours elsewhere: the same stage compares across the group's sites.
import { sql, type Kdb } from "@/lib/db";
import { oneDecimal, type StageTime } from "@/lib/reports/report-rows";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";

export async function stageTimeBySite(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<StageTime[]> {
  const { start, end } = periodOf(filters);
  const hours = sql<number>`coalesce(s."workingSeconds", extract(epoch FROM s."leftAt" - s."enteredAt")) / 3600.0`;
  const grouped = kdb
    .selectFrom("PrepJobStageSpell as s")
    .select([
      "s.prepSiteId",
      "s.stage",
      (eb) => eb.fn.countAll<string>().as("stays"),
      sql<number>`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hours})`.as("medianHours"),
      sql<number>`percentile_cont(0.9) WITHIN GROUP (ORDER BY ${hours})`.as("p90Hours"),
    ])
    .where("s.organisationId", "=", organisationId)
    .where("s.leftAt", ">=", start)
    .where("s.leftAt", "<", end)
    .where("s.prepSiteId", "is not", null)
    .$if(filters.area !== null, (query) => query.where("s.businessArea", "=", filters.area!))
    .$if(filters.siteId !== null, (query) => query.where("s.prepSiteId", "=", filters.siteId!))
    .groupBy(["s.prepSiteId", "s.stage"]);
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .innerJoin("Site as site", "site.id", "g.prepSiteId")
    .leftJoin("PrepSiteSettings as settings", "settings.siteId", "site.id")
    .select([
      "site.id",
      "site.name",
      "site.code",
      sql<boolean>`settings."openingHours" IS NOT NULL`.as("workingHours"),
      "g.stage",
      "g.stays",
      "g.medianHours",
      "g.p90Hours",
    ])
    .orderBy("site.name")
    .orderBy("g.stage")
    .execute();
  return rows.map((row) => ({
    site: { id: row.id, name: row.name, code: row.code, workingHours: row.workingHours },
    stage: row.stage,
    stays: Number(row.stays),
    medianHours: oneDecimal(row.medianHours),
    p90Hours: oneDecimal(row.p90Hours),
  }));
}
