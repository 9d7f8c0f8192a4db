// Reading and saving a prep site's kanban settings (PrepSiteSettings, validated by
// prepSiteSettingsSchema). A site without a row has no WIP limits, the global ageing thresholds and
// round-the-clock ageing. Organisation-scoped: another organisation's site is SITE_NOT_FOUND.
import "server-only";
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import type { AgeingThresholds } from "@/lib/prep-jobs/kanban/ageing";
import {
  EMPTY_SITE_SETTINGS,
  kanbanSettingsOf,
  prepSiteSettingsSchema,
  type KanbanSettings,
  type PrepSiteSettingsValues,
} from "@/lib/prep-jobs/kanban/kanban-settings";

export type PrepSiteSettingsView = {
  site: { id: string; name: string; code: string; timeZone: string };
  values: PrepSiteSettingsValues;
};

async function prepSiteOrThrow(organisationId: string, siteId: string) {
  const site = await kysely()
    .selectFrom("Site")
    .leftJoin("PrepSiteSettings as settings", "settings.siteId", "Site.id")
    .select([
      "Site.id",
      "Site.name",
      "Site.code",
      "Site.timezone",
      "Site.countryCode",
      "settings.siteId as settingsSiteId",
      "settings.wipLimits",
      "settings.ageingThresholds",
      "settings.openingHours",
      "settings.closedDays",
    ])
    .where("Site.id", "=", siteId)
    .where("Site.organisationId", "=", organisationId)
    .where("Site.isPrepSite", "=", true)
    .executeTakeFirst();
  if (!site) throw new AppError("SITE_NOT_FOUND", `No prep site ${siteId} was found.`);
  return site;
}

export async function getPrepSiteSettings(
  organisationId: string,
  siteId: string,
): Promise<PrepSiteSettingsView> {
  const site = await prepSiteOrThrow(organisationId, siteId);
  // A row that no longer parses (written by hand) falls back to the defaults rather than breaking the board.
  const parsed = site.settingsSiteId
    ? prepSiteSettingsSchema.safeParse({
        wipLimits: site.wipLimits,
        ageingThresholds: site.ageingThresholds,
        openingHours: site.openingHours,
        closedDays: site.closedDays,
      })
    : undefined;
  return {
    site: {
      id: site.id,
      name: site.name,
      code: site.code,
      timeZone: resolveSiteTimeZone(site) ?? "UTC",
    },
    values: parsed?.success ? parsed.data : EMPTY_SITE_SETTINGS,
  };
}

export async function getKanbanSettings(
  organisationId: string,
  siteId: string,
  defaults: AgeingThresholds,
): Promise<KanbanSettings> {
  const { site, values } = await getPrepSiteSettings(organisationId, siteId);
  return kanbanSettingsOf(values, defaults, site.timeZone);
}

export async function savePrepSiteSettings(
  scope: { organisationId: string; actor: string },
  siteId: string,
  input: unknown,
): Promise<PrepSiteSettingsValues> {
  const values = prepSiteSettingsSchema.parse(input);
  await prepSiteOrThrow(scope.organisationId, siteId);
  // JSON as text: pg would send an array as a PostgreSQL array. No opening hours is a SQL NULL.
  const data = {
    wipLimits: JSON.stringify(values.wipLimits),
    ageingThresholds: JSON.stringify(values.ageingThresholds),
    openingHours: values.openingHours ? JSON.stringify(values.openingHours) : null,
    closedDays: JSON.stringify(values.closedDays),
    updatedBy: scope.actor,
    updatedAt: new Date(),
  };
  await kysely()
    .insertInto("PrepSiteSettings")
    .values({ siteId, organisationId: scope.organisationId, ...data })
    .onConflict((conflict) => conflict.column("siteId").doUpdateSet(data))
    .execute();
  return values;
}
