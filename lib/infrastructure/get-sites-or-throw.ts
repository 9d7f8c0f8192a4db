import { AppError } from "@/lib/errors/app-error";
import { sql, type Kdb } from "@/lib/db";
import type { Site } from "@/lib/generated/prisma/client";

/** Sites of the organisation by id, in the order asked; 404 SITE_NOT_FOUND naming the field otherwise. */
export async function getSitesOrThrow<K extends string>(
  tx: Kdb,
  organisationId: string,
  siteIds: Record<K, string>,
): Promise<Record<K, Site>> {
  const ids = [...new Set(Object.values<string>(siteIds))];
  const sites: Site[] = await tx
    .selectFrom("Site")
    .selectAll()
    .where("organisationId", "=", organisationId)
    .where("id", "=", sql<string>`any(${ids}::text[])`)
    .execute();
  const byId = new Map(sites.map((site) => [site.id, site]));
  const result = {} as Record<K, Site>;
  for (const [field, id] of Object.entries(siteIds) as [K, string][]) {
    const site = byId.get(id);
    if (!site) {
      throw new AppError("SITE_NOT_FOUND", `No site ${id} was found (${field}).`, {
        errors: [{ path: field, message: "No such site" }],
      });
    }
    result[field] = site;
  }
  return result;
}
