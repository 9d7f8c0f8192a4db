// Direct, over raw rows (the roll-ups' reference, lib/reports/rollups/report-rollups.int.test.ts).
// On-time delivery rate by week: of the requests delivered each ISO week (Monday, in the organisation's
// zone) of the period, how many arrived by their deadline.
import { sql, type Kdb } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import { deliveredRequests } from "@/lib/reports/delivered-requests";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { rateRow, type OnTimeWeek } from "@/lib/reports/report-rows";
import { dayIn, type SiteZones } from "@/lib/reports/site-zones";

export async function onTimeByWeek(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
  zones: SiteZones,
): Promise<OnTimeWeek[]> {
  const week = sql<Date>`date_trunc('week', ${dayIn(filters.zone, "d.completedOn")}::timestamp)`;
  const rows = await kdb
    .selectFrom(deliveredRequests(kdb, organisationId, filters, zones).as("d"))
    .select([
      week.as("week"),
      (eb) => eb.fn.countAll<string>().as("delivered"),
      sql<string>`count(*) FILTER (WHERE d."onTime")`.as("onTime"),
    ])
    .groupBy(week)
    .orderBy(week)
    .execute();
  return rows.map((row) => rateRow({ week: toDateOnly(row.week) }, row));
}
