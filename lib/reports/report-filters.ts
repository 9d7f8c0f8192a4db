// The reports' filters, from the URL (/reports?from=2026-09-01&to=2026-11-25&site=…&area=Retail) so that
// a view can be shared. Safe in client components. A bad value is an error the page shows in words,
// never a 500; no value at all means the last 12 weeks, every site and both business areas.
import { z } from "zod";
import { fromDateOnly, localDate, startOfDayIn, toDateOnly } from "@/lib/dates";
import { businessAreaSchema, calendarDateSchema, identifierSchema } from "@/lib/schemas/common";

const DAY_MS = 86_400_000;
export const DEFAULT_RANGE_DAYS = 84;
/** Two years: the longest history the scale data set holds. */
export const MAX_RANGE_DAYS = 731;

export const reportFiltersSchema = z
  .strictObject({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    site: identifierSchema.optional(),
    area: businessAreaSchema.optional(),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: "The start date must be on or before the end date",
    path: ["from"],
  });

export type ReportFiltersInput = z.input<typeof reportFiltersSchema>;

/**
 * What every report query takes: a whole-day period [from 00:00, to + 1 day 00:00), days of the
 * organisation's time zone (organisationZone in site-zones.ts).
 */
export type ReportFilters = {
  from: string;
  to: string;
  siteId: string | null;
  area: "Retail" | "Fleet" | null;
  /** The organisation's IANA zone: not in the URL, the page reads it from the organisation's sites. */
  zone: string;
};

export type ParsedReportFilters =
  { ok: true; filters: ReportFilters } | { ok: false; errors: { field: string; message: string }[] };

type SearchParams = Record<string, string | string[] | undefined> | URLSearchParams;

/**
 * The filters of a URL; empty values are "not set", a repeated one is refused. `zone` is the
 * organisation's (organisationZoneOf): the default period ends today there.
 */
export function parseReportFilters(params: SearchParams, now: Date, zone: string): ParsedReportFilters {
  const entries =
    params instanceof URLSearchParams
      ? [...params.keys()].map((key) => [key, params.getAll(key)] as const)
      : Object.entries(params).map(([key, value]) => [key, value ?? []] as const);
  const raw: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const values = Array.isArray(value) ? value : [value];
    if (values.length > 1) raw[key] = values;
    else if (values[0]) raw[key] = values[0];
  }
  const parsed = reportFiltersSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((issue) => ({
        field: issue.path.join(".") || String((issue as { keys?: string[] }).keys?.[0] ?? "query"),
        message: issue.message,
      })),
    };
  }
  const to = parsed.data.to ?? localDate(now, zone);
  const from =
    parsed.data.from ?? toDateOnly(new Date(fromDateOnly(to).getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  if (from > to) {
    return {
      ok: false,
      errors: [{ field: "from", message: "The start date must be on or before the end date" }],
    };
  }
  if ((fromDateOnly(to).getTime() - fromDateOnly(from).getTime()) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    return {
      ok: false,
      errors: [{ field: "from", message: `A report covers at most ${MAX_RANGE_DAYS} days` }],
    };
  }
  return {
    ok: true,
    filters: { from, to, siteId: parsed.data.site ?? null, area: parsed.data.area ?? null, zone },
  };
}

/** The instants that bound the period, its days taken in the organisation's zone: [start, end). */
export function periodOf(filters: ReportFilters): { start: Date; end: Date } {
  const dayAfter = toDateOnly(new Date(fromDateOnly(filters.to).getTime() + DAY_MS));
  return { start: startOfDayIn(filters.from, filters.zone), end: startOfDayIn(dayAfter, filters.zone) };
}

/** The URL query of a set of filters (only what differs from "not set"). */
export function reportFiltersQuery(filters: ReportFilters): string {
  const query = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.siteId) query.set("site", filters.siteId);
  if (filters.area) query.set("area", filters.area);
  return query.toString();
}
