// The site settings' pin (docs/maps.md): admins move a site's map position. The site is the
// organisation's own or "not found"; the change is logged with the admin and both positions, as the
// other organisation settings are (lib/organisations).
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { SitePin } from "@/lib/infrastructure/site-pin-schema";
import { logger } from "@/lib/logger";

export type PinnedSite = {
  id: string;
  name: string;
  code: string;
  city: string;
  latitude: number;
  longitude: number;
  phone: string | null;
};

export async function listPinnedSites(organisationId: string): Promise<PinnedSite[]> {
  return kysely()
    .selectFrom("Site")
    .select(["id", "name", "code", "city", "latitude", "longitude", "phone"])
    .where("organisationId", "=", organisationId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function moveSitePin(organisationId: string, pin: SitePin, actor: string): Promise<PinnedSite> {
  // The old position and the new in one statement: the log says what changed.
  const moved = await kysely()
    .with("before", (db) =>
      db
        .selectFrom("Site")
        .select(["id", "latitude", "longitude"])
        .where("id", "=", pin.siteId)
        .where("organisationId", "=", organisationId),
    )
    .updateTable("Site")
    .from("before")
    .set({ latitude: pin.latitude, longitude: pin.longitude, phone: pin.phone })
    .whereRef("Site.id", "=", "before.id")
    .returning([
      "Site.id",
      "Site.name",
      "Site.code",
      "Site.city",
      "Site.latitude",
      "Site.longitude",
      "Site.phone",
      "before.latitude as fromLatitude",
      "before.longitude as fromLongitude",
    ])
    .executeTakeFirst();
  if (!moved) throw new AppError("SITE_NOT_FOUND", `No site ${pin.siteId} was found.`);
  const { fromLatitude, fromLongitude, ...site } = moved;
  logger.info("site pin moved", {
    actor,
    siteId: site.id,
    from: [fromLatitude, fromLongitude],
    to: [site.latitude, site.longitude],
  });
  return site;
}
