// On-time delivery rate by week: of the requests delivered each ISO week (Monday) of the period, how
// many arrived by their deadline. Summed from the daily roll-up (lib/reports/rollups/), whose days are
// the organisation's (its zone), so its weeks are too.
import { sql, type Kdb } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { rateRow, type OnTimeWeek } from "@/lib/reports/report-rows";
import { deliveryDays } from "@/lib/reports/rollups/rollup-filters";

export async function onTimeByWeek(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<OnTimeWeek[]> {
  const week = sql<Date>`date_trunc('week', "day"::timestamp)`;
  const rows = await deliveryDays(kdb, organisationId, filters)
    .select([
      week.as("week"),
      sql<string>`sum("delivered")`.as("delivered"),
      sql<string>`sum("onTime")`.as("onTime"),
    ])
    .groupBy(week)
    .orderBy(week)
    .execute();
  return rows.map((row) => rateRow({ week: toDateOnly(row.week) }, row));
}
