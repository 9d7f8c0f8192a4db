// On-time delivery rate by carrier: the 3PL or own driver of the leg that delivered, most deliveries
// first (the 25 busiest). Summed from the daily roll-up, where '' stands for "no carrier".
import { sql, type Kdb } from "@/lib/db";
import { carrierOf } from "@/lib/reports/delivered-requests";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { MAX_CARRIERS, rateRow, type OnTimeCarrier } from "@/lib/reports/report-rows";
import { deliveryDays } from "@/lib/reports/rollups/rollup-filters";

export async function onTimeByCarrier(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<OnTimeCarrier[]> {
  const grouped = deliveryDays(kdb, organisationId, filters)
    .select([
      sql<string | null>`nullif("providerId", '')`.as("providerId"),
      sql<string | null>`nullif("driverId", '')`.as("driverId"),
      sql<string>`sum("delivered")`.as("delivered"),
      sql<string>`sum("onTime")`.as("onTime"),
    ])
    .groupBy(["providerId", "driverId"])
    .orderBy("delivered", "desc")
    .orderBy(sql`nullif("providerId", '')`)
    .orderBy(sql`nullif("driverId", '')`)
    .limit(MAX_CARRIERS);
  const rows = await kdb
    .selectFrom(grouped.as("g"))
    .leftJoin("ThirdPartyLogisticsProvider as p", "p.id", "g.providerId")
    .leftJoin("Driver as driver", "driver.id", "g.driverId")
    .select([
      "g.providerId",
      "g.driverId",
      "g.delivered",
      "g.onTime",
      "p.name as providerName",
      "driver.firstname as driverFirstname",
      "driver.surname as driverSurname",
    ])
    .orderBy("g.delivered", "desc")
    .orderBy("g.providerId")
    .orderBy("g.driverId")
    .execute();
  return rows.map((row) => rateRow({ carrier: carrierOf(row) }, row));
}
