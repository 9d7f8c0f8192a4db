// The carrier's final price against the estimate, per carrier: of the delivered requests with both in
// one currency, the variance (final − estimate) as a share of the estimate: median, and its spread
// (10th and 90th percentiles); and in money, the mean and the total (per currency). From the daily
// roll-ups: counts and sums exactly; the percentiles from a histogram of whole-percent buckets, so
// within half a percentage point of the raw rows' (docs/reports.md, "Roll-ups").
import { sql, type Kdb } from "@/lib/db";
import { carrierOf } from "@/lib/reports/delivered-requests";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { MAX_CARRIERS, oneDecimal, type PriceVarianceCarrier } from "@/lib/reports/report-rows";
import { histogramPercentile } from "@/lib/reports/rollups/histogram-percentile";
import { deliveryDays, priceHistogramRows } from "@/lib/reports/rollups/rollup-filters";

export async function priceVarianceByCarrier(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<PriceVarianceCarrier[]> {
  const priced = deliveryDays(kdb, organisationId, filters)
    .select([
      "providerId",
      "driverId",
      "currency",
      sql<string>`sum("delivered")`.as("priced"),
      sql<string>`sum("varianceCents")`.as("totalVariance"),
      // As round(avg(variance)) over the raw rows: numeric division, halves away from zero.
      sql<string>`round(sum("varianceCents")::numeric / sum("delivered"))`.as("meanVariance"),
    ])
    .where("currency", "<>", "")
    .groupBy(["providerId", "driverId", "currency"])
    .orderBy("priced", "desc")
    .orderBy(sql`nullif("providerId", '')`)
    .orderBy(sql`nullif("driverId", '')`)
    .limit(MAX_CARRIERS);
  const buckets = priceHistogramRows(kdb, organisationId, filters)
    .select(["providerId", "driverId", "currency", "percent", sql<string>`sum("priced")`.as("count")])
    .groupBy(["providerId", "driverId", "currency", "percent"]);
  const cumulative = kdb
    .selectFrom(buckets.as("b"))
    .select([
      "b.providerId",
      "b.driverId",
      "b.currency",
      "b.percent",
      sql<string>`sum(b.count) OVER (PARTITION BY b."providerId", b."driverId", b.currency ORDER BY b.percent)`.as(
        "cumulative",
      ),
      sql<string>`sum(b.count) OVER (PARTITION BY b."providerId", b."driverId", b.currency)`.as("total"),
    ]);
  const percentiles = kdb
    .selectFrom(cumulative.as("c"))
    .select([
      "c.providerId",
      "c.driverId",
      "c.currency",
      histogramPercentile(0.5).as("medianPercent"),
      histogramPercentile(0.1).as("p10Percent"),
      histogramPercentile(0.9).as("p90Percent"),
    ])
    .groupBy(["c.providerId", "c.driverId", "c.currency"]);
  const rows = await kdb
    .selectFrom(priced.as("g"))
    .leftJoin(percentiles.as("q"), (join) =>
      join
        .onRef("q.providerId", "=", "g.providerId")
        .onRef("q.driverId", "=", "g.driverId")
        .onRef("q.currency", "=", "g.currency"),
    )
    .leftJoin("ThirdPartyLogisticsProvider as p", "p.id", "g.providerId")
    .leftJoin("Driver as driver", "driver.id", "g.driverId")
    .select([
      sql<string | null>`nullif(g."providerId", '')`.as("providerId"),
      sql<string | null>`nullif(g."driverId", '')`.as("driverId"),
      "g.currency",
      "g.priced",
      "g.totalVariance",
      "g.meanVariance",
      "q.medianPercent",
      "q.p10Percent",
      "q.p90Percent",
      "p.name as providerName",
      "driver.firstname as driverFirstname",
      "driver.surname as driverSurname",
    ])
    .orderBy("g.priced", "desc")
    .orderBy(sql`nullif(g."providerId", '')`)
    .orderBy(sql`nullif(g."driverId", '')`)
    .execute();
  return rows.map((row) => ({
    carrier: carrierOf(row),
    currencyCode: row.currency,
    priced: Number(row.priced),
    medianPercent: oneDecimal(row.medianPercent),
    p10Percent: oneDecimal(row.p10Percent),
    p90Percent: oneDecimal(row.p90Percent),
    meanVarianceCents: Number(row.meanVariance),
    totalVarianceCents: Number(row.totalVariance),
  }));
}
