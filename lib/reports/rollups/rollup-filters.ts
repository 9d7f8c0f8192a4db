// The filters applied to the daily roll-ups: the period's days (inclusive), the site ('' holds every
// site's deliveries; a site's own rows hold those from or to it), the business area.
import { sql, type Kdb } from "@/lib/db";
import { fromDateOnly } from "@/lib/dates";
import type { ReportFilters } from "@/lib/reports/report-filters";

/** The delivery roll-up's rows for the filters. */
export function deliveryDays(kdb: Kdb, organisationId: string, filters: ReportFilters) {
  return kdb
    .selectFrom("ReportDeliveryDay")
    .where("organisationId", "=", organisationId)
    .where("siteId", "=", filters.siteId ?? "")
    .where("day", ">=", fromDateOnly(filters.from))
    .where("day", "<=", fromDateOnly(filters.to))
    .$if(filters.area !== null, (query) => query.where("businessArea", "=", filters.area!));
}

type Span = { from: Date; to: Date };
const DAY_MS = 86_400_000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/**
 * The period of the prep histograms as the ISO weeks it holds whole (rows of 7 days, by their
 * Monday) and the days either side of them (rows of one day): a year is 52 weeks and ≤ 12 days.
 */
export function histogramSpans(filters: ReportFilters): { weeks: Span | null; days: Span[] } {
  const from = fromDateOnly(filters.from);
  const to = fromDateOnly(filters.to);
  const weekday = (date: Date) => (date.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const firstMonday = weekday(from) === 0 ? from : addDays(from, 7 - weekday(from));
  const lastSunday = weekday(to) === 6 ? to : addDays(to, -(weekday(to) + 1));
  if (addDays(firstMonday, 6) > lastSunday) return { weeks: null, days: [{ from, to }] };
  const days: Span[] = [];
  if (from < firstMonday) days.push({ from, to: addDays(firstMonday, -1) });
  if (lastSunday < to) days.push({ from: addDays(lastSunday, 1), to });
  return { weeks: { from: firstMonday, to: addDays(lastSunday, -6) }, days };
}

/**
 * The price histogram's buckets of the period, by its spans ('' holds every site's): a row per key and
 * bucket (`percent`, `priced`), from each row's two arrays.
 */
export function priceHistogramRows(kdb: Kdb, organisationId: string, filters: ReportFilters) {
  const spans = spansOf(filters);
  return kdb
    .selectFrom("ReportPriceVarianceDay")
    .innerJoinLateral(
      () =>
        kdb
          .selectNoFrom([
            // Two set-returning functions in one select list run in step: the buckets pair up.
            sql<number>`unnest("ReportPriceVarianceDay".percents)`.as("percent"),
            sql<number>`unnest("ReportPriceVarianceDay".counts)`.as("priced"),
          ])
          .as("bucket"),
      (join) => join.onTrue(),
    )
    .where("organisationId", "=", organisationId)
    .where("siteId", "=", filters.siteId ?? "")
    .where((eb) =>
      eb.or(
        spans.map((span) =>
          eb.and([eb("days", "=", span.days), eb("day", ">=", span.from), eb("day", "<=", span.to)]),
        ),
      ),
    )
    .$if(filters.area !== null, (query) => query.where("businessArea", "=", filters.area!));
}

export function spansOf(filters: ReportFilters) {
  const { weeks, days } = histogramSpans(filters);
  return [...(weeks ? [{ days: 7, ...weeks }] : []), ...days.map((span) => ({ days: 1, ...span }))];
}

/** A prep histogram's rows of the period, by its spans. */
export function histogramRows(
  kdb: Kdb,
  table: "ReportStageHistogram" | "ReportFrontlineHistogram",
  organisationId: string,
  filters: ReportFilters,
) {
  const { weeks, days } = histogramSpans(filters);
  const spans = [...(weeks ? [{ days: 7, ...weeks }] : []), ...days.map((span) => ({ days: 1, ...span }))];
  return kdb
    .selectFrom(table)
    .where("organisationId", "=", organisationId)
    .where((eb) =>
      eb.or(
        spans.map((span) =>
          eb.and([eb("days", "=", span.days), eb("day", ">=", span.from), eb("day", "<=", span.to)]),
        ),
      ),
    )
    .$if(filters.siteId !== null, (query) => query.where("prepSiteId", "=", filters.siteId!))
    .$if(filters.area !== null, (query) => query.where("businessArea", "=", filters.area!));
}
