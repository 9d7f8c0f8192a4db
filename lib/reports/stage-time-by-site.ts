// Time in each prep stage by site: the stays (PrepJobStageSpell) that ended in the period, median and
// 90th percentile in hours. Counted in working hours where the site has opening hours (the worker
// fills workingSeconds once a stay ends; until it has, within a minute, the elapsed time stands in),
// in elapsed hours elsewhere: the same stage compares across the group's sites. From the worker's
// histograms (lib/reports/rollups/): the percentiles within 2 % of (1 + hours) of the raw stays'.
import { sql, type Kdb } from "@/lib/db";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { oneDecimal, type StageTime } from "@/lib/reports/report-rows";
import { histogramPercentile } from "@/lib/reports/rollups/histogram-percentile";
import { histogramRows } from "@/lib/reports/rollups/rollup-filters";

export async function stageTimeBySite(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<StageTime[]> {
  const buckets = histogramRows(kdb, "ReportStageHistogram", organisationId, filters)
    .select([
      "prepSiteId",
      "stage",
      "bucket",
      sql<string>`sum("stays")`.as("count"),
      sql<number>`sum("valueSum")`.as("valueSum"),
    ])
    .groupBy(["prepSiteId", "stage", "bucket"]);
  const cumulative = kdb.selectFrom(buckets.as("b")).select([
    "b.prepSiteId",
    "b.stage",
    // A bucket stands for its values' mean.
    sql<number>`b."valueSum" / b.count`.as("value"),
    sql<string>`sum(b.count) OVER (PARTITION BY b."prepSiteId", b.stage ORDER BY b.bucket)`.as("cumulative"),
    sql<string>`sum(b.count) OVER (PARTITION BY b."prepSiteId", b.stage)`.as("total"),
  ]);
  const grouped = kdb
    .selectFrom(cumulative.as("c"))
    .select([
      "c.prepSiteId",
      "c.stage",
      sql<string>`max(c.total)`.as("stays"),
      histogramPercentile(0.5, "value").as("medianHours"),
      histogramPercentile(0.9, "value").as("p90Hours"),
    ])
    .groupBy(["c.prepSiteId", "c.stage"]);
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
