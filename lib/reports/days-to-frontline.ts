// Days to frontline by site: from a prep job's creation to its entry into the OUTBOUND stage (ready to
// leave for sale), for the jobs that entered it in the period. Calendar days, to one decimal. From the
// worker's histograms (lib/reports/rollups/): the percentiles within 2 % of (1 + days) of the raw jobs'.
import { sql, type Kdb } from "@/lib/db";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { oneDecimal, type FrontlineSite } from "@/lib/reports/report-rows";
import { histogramPercentile } from "@/lib/reports/rollups/histogram-percentile";
import { histogramRows } from "@/lib/reports/rollups/rollup-filters";

export async function daysToFrontline(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<FrontlineSite[]> {
  const buckets = histogramRows(kdb, "ReportFrontlineHistogram", organisationId, filters)
    .select([
      "prepSiteId",
      "bucket",
      sql<string>`sum("jobs")`.as("count"),
      sql<number>`sum("valueSum")`.as("valueSum"),
    ])
    .groupBy(["prepSiteId", "bucket"]);
  const cumulative = kdb.selectFrom(buckets.as("b")).select([
    "b.prepSiteId",
    // A bucket stands for its values' mean.
    sql<number>`b."valueSum" / b.count`.as("value"),
    sql<string>`sum(b.count) OVER (PARTITION BY b."prepSiteId" ORDER BY b.bucket)`.as("cumulative"),
    sql<string>`sum(b.count) OVER (PARTITION BY b."prepSiteId")`.as("total"),
  ]);
  const grouped = kdb
    .selectFrom(cumulative.as("c"))
    .select([
      "c.prepSiteId",
      sql<string>`max(c.total)`.as("jobs"),
      histogramPercentile(0.5, "value").as("medianDays"),
      histogramPercentile(0.9, "value").as("p90Days"),
    ])
    .groupBy("c.prepSiteId");
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
