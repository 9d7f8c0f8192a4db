// Each site's IANA zone, as the rest of the product resolves it (explicit, else its country's; UTC
// when neither): the on-time reports compare a delivery with its deadline on the destination's clock.
// And the organisation's zone, the one most of its sites keep: the reports' days and weeks are its.
import { sql, type Kdb, type RawBuilder } from "@/lib/db";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";

export type SiteZones = Record<string, string>;
export type ReportSite = { id: string; name: string; code: string; zone: string };

/** The organisation's sites by name: the filter's options and, from them, siteZonesOf(). */
export async function reportSites(kdb: Kdb, organisationId: string): Promise<ReportSite[]> {
  const sites = await kdb
    .selectFrom("Site")
    .select(["id", "name", "code", "timezone", "countryCode"])
    .where("organisationId", "=", organisationId)
    .orderBy("name")
    .execute();
  return sites.map((site) => ({
    id: site.id,
    name: site.name,
    code: site.code,
    zone: resolveSiteTimeZone(site) ?? "UTC",
  }));
}

export function siteZonesOf(sites: ReportSite[]): SiteZones {
  return Object.fromEntries(sites.map((site) => [site.id, site.zone]));
}

/**
 * The organisation's time zone, in which the reports count days and weeks (a delivery at 00:30 on a
 * Monday in London is that Monday's week, not the Sunday before in UTC). An organisation has no zone
 * of its own: it is the zone most of its sites keep (a tie goes to the first by name), UTC with none.
 */
export function organisationZone(zones: SiteZones): string {
  const counts = new Map<string, number>();
  for (const zone of Object.values(zones)) counts.set(zone, (counts.get(zone) ?? 0) + 1);
  const [first] = [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  return first?.[0] ?? "UTC";
}

/** The organisation's zone, read from its sites. */
export async function organisationZoneOf(kdb: Kdb, organisationId: string): Promise<string> {
  return organisationZone(siteZonesOf(await reportSites(kdb, organisationId)));
}

/**
 * The calendar day in `zone` of a timestamp column (the columns hold UTC). The zone is written into
 * the statement, not sent as a parameter: the same expression is then grouped by, and PostgreSQL
 * matches a GROUP BY to its select list by the text ($1 and $7 are two different expressions).
 */
export function dayIn(zone: string, column: string): RawBuilder<Date> {
  if (!/^[A-Za-z0-9_+\-/]+$/.test(zone)) throw new Error(`Not a time zone name: ${zone}`);
  return sql<Date>`(${sql.ref(column)} AT TIME ZONE 'UTC' AT TIME ZONE ${sql.lit(zone)})::date`;
}

/**
 * Whether a delivered request arrived by its deadline (docs/at-risk.md's definition): the delivery date
 * at its delivery time, else 12:00 for AM, else the end of the day, on the destination's clock. The
 * zones travel as one JSON parameter (an organisation has tens of sites), not as a join.
 */
export function deliveredOnTime(zones: SiteZones): RawBuilder<boolean> {
  return sql<boolean>`(r."completedOn" <= ((r."deliveryByDate" + coalesce(r."deliveryByTime"::interval,
    CASE WHEN r."deliveryByTimeslot" = 'AM' THEN interval '12 hours' ELSE interval '24 hours' END))
    AT TIME ZONE coalesce(${JSON.stringify(zones)}::jsonb ->> r."destinationSiteId", 'UTC')) AT TIME ZONE 'UTC')`;
}
