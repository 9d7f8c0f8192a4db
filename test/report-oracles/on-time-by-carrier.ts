// Direct, over raw rows (the roll-ups' reference, lib/reports/rollups/report-rollups.int.test.ts).
// On-time delivery rate by carrier: the 3PL or own driver of the leg that delivered, most deliveries
// first (the 25 busiest).
import type { Kdb } from "@/lib/db";
import { carrierOf, deliveredRequests } from "@/lib/reports/delivered-requests";
import { MAX_CARRIERS, rateRow, type OnTimeCarrier } from "@/lib/reports/report-rows";
import type { ReportFilters } from "@/lib/reports/report-filters";
import type { SiteZones } from "@/lib/reports/site-zones";
import { sql } from "@/lib/db";

export async function onTimeByCarrier(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
  zones: SiteZones,
): Promise<OnTimeCarrier[]> {
  const grouped = kdb
    .selectFrom(deliveredRequests(kdb, organisationId, filters, zones).as("d"))
    .select([
      "d.providerId",
      "d.driverId",
      (eb) => eb.fn.countAll<string>().as("delivered"),
      sql<string>`count(*) FILTER (WHERE d."onTime")`.as("onTime"),
    ])
    .groupBy(["d.providerId", "d.driverId"])
    .orderBy("delivered", "desc")
    .orderBy("d.providerId")
    .orderBy("d.driverId")
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
