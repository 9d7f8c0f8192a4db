// On-time delivery rate by week: of the requests delivered each ISO week (Monday, UTC) of the period,
// how many arrived by their deadline.
import { sql, type Kdb } from "@/lib/db";
import { toDateOnly } from "@/lib/dates";
import { deliveredRequests } from "@/lib/reports/delivered-requests";
import type { ReportFilters } from "@/lib/reports/report-filters";
import type { SiteZones } from "@/lib/reports/site-zones";

export type OnTimeWeek = { week: string; delivered: number; onTime: number; rate: number };

export async function onTimeByWeek(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
  zones: SiteZones,
): Promise<OnTimeWeek[]> {
  const week = sql<Date>`date_trunc('week', d."completedOn")`;
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

/** Counts from the database (int8 as text) with the on-time share, in percent to one decimal. */
export function rateRow<T>(key: T, counts: { delivered: string; onTime: string }) {
  const delivered = Number(counts.delivered);
  const onTime = Number(counts.onTime);
  return { ...key, delivered, onTime, rate: delivered ? Math.round((onTime / delivered) * 1000) / 10 : 0 };
}
