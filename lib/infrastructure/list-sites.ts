import type { ApiCaller } from "@/lib/auth/api-caller";
import { kysely } from "@/lib/db";
import type { Site } from "@/lib/generated/prisma/client";
import type { SiteResponse } from "@/lib/infrastructure/schemas";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";

/** The sites of the caller's organisation, by name. */
export async function listSites(caller: Pick<ApiCaller, "organisationId">): Promise<SiteResponse[]> {
  const sites = await kysely()
    .selectFrom("Site")
    .selectAll()
    .where("organisationId", "=", caller.organisationId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return sites.map(toSiteResponse);
}

export function toSiteResponse(site: Site): SiteResponse {
  return {
    id: site.id,
    name: site.name,
    code: site.code,
    countryCode: site.countryCode,
    timezone: resolveSiteTimeZone(site),
    address: {
      line1: site.addressLine1,
      ...(site.addressLine2 ? { line2: site.addressLine2 } : {}),
      city: site.city,
      postcode: site.postcode,
    },
    latitude: site.latitude,
    longitude: site.longitude,
    isPrepSite: site.isPrepSite,
  };
}
