// Direct, over raw rows (the roll-ups' reference, lib/reports/rollups/report-rollups.int.test.ts).
// The carrier's final price against the estimate, per carrier: of the delivered requests with both in
// one currency, the variance (final − estimate) as a share of the estimate: median, and its spread
// (10th and 90th percentiles); and in money, the mean and the total (per currency).
import { sql, type Kdb } from "@/lib/db";
import { carrierOf, deliveredRequests } from "@/lib/reports/delivered-requests";
import { MAX_CARRIERS, oneDecimal, type PriceVarianceCarrier } from "@/lib/reports/report-rows";
import type { ReportFilters } from "@/lib/reports/report-filters";
import type { SiteZones } from "@/lib/reports/site-zones";

export async function priceVarianceByCarrier(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
  zones: SiteZones,
): Promise<PriceVarianceCarrier[]> {
  const priced = kdb
    .selectFrom(deliveredRequests(kdb, organisationId, filters, zones).as("d"))
    .select([
      "d.providerId",
      "d.driverId",
      "d.costCurrency",
      sql<number>`d."costCents" - d."estimatedCostCents"`.as("variance"),
      // An estimate of zero has no share: its variance counts in money only.
      sql<
        number | null
      >`100.0 * (d."costCents" - d."estimatedCostCents") / nullif(d."estimatedCostCents", 0)`.as("percent"),
    ])
    .where("d.costCents", "is not", null)
    .where("d.estimatedCostCents", "is not", null)
    .whereRef("d.costCurrency", "=", "d.estimatedCostCurrency");
  const grouped = kdb
    .selectFrom(priced.as("v"))
    .select([
      "v.providerId",
      "v.driverId",
      "v.costCurrency",
      (eb) => eb.fn.countAll<string>().as("priced"),
      sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY v.percent)`.as("medianPercent"),
      sql<number | null>`percentile_cont(0.1) WITHIN GROUP (ORDER BY v.percent)`.as("p10Percent"),
      sql<number | null>`percentile_cont(0.9) WITHIN GROUP (ORDER BY v.percent)`.as("p90Percent"),
      sql<string>`round(avg(v.variance))`.as("meanVariance"),
      sql<string>`sum(v.variance)`.as("totalVariance"),
    ])
    .groupBy(["v.providerId", "v.driverId", "v.costCurrency"])
    .orderBy("priced", "desc")
    .orderBy("v.providerId")
    .orderBy("v.driverId")
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
    .orderBy("g.priced", "desc")
    .orderBy("g.providerId")
    .orderBy("g.driverId")
    .execute();
  return rows.map((row) => ({
    carrier: carrierOf(row),
    currencyCode: row.costCurrency ?? "",
    priced: Number(row.priced),
    medianPercent: oneDecimal(row.medianPercent),
    p10Percent: oneDecimal(row.p10Percent),
    p90Percent: oneDecimal(row.p90Percent),
    meanVarianceCents: Number(row.meanVariance),
    totalVarianceCents: Number(row.totalVariance),
  }));
}
