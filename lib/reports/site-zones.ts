// Each site's IANA zone, as the rest of the product resolves it (explicit, else its country's; UTC
// when neither): the on-time reports compare a delivery with its deadline on the destination's clock.
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
 * Whether a delivered request arrived by its deadline (docs/at-risk.md's definition): the delivery date
 * at its delivery time, else 12:00 for AM, else the end of the day, on the destination's clock. The
 * zones travel as one JSON parameter (an organisation has tens of sites), not as a join.
 */
export function deliveredOnTime(zones: SiteZones): RawBuilder<boolean> {
  return sql<boolean>`(r."completedOn" <= ((r."deliveryByDate" + coalesce(r."deliveryByTime"::interval,
    CASE WHEN r."deliveryByTimeslot" = 'AM' THEN interval '12 hours' ELSE interval '24 hours' END))
    AT TIME ZONE coalesce(${JSON.stringify(zones)}::jsonb ->> r."destinationSiteId", 'UTC')) AT TIME ZONE 'UTC')`;
}
