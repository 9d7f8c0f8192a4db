// Reading and saving a prep site's kanban settings (PrepSiteSettings, validated by
// prepSiteSettingsSchema). A site without a row has no WIP limits, the global ageing thresholds and
// round-the-clock ageing. Organisation-scoped: another organisation's site is SITE_NOT_FOUND.
import "server-only";
import { db, DbNull } from "@/lib/db";
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
  const site = await db().site.findFirst({
    where: { id: siteId, organisationId, isPrepSite: true },
    select: {
      id: true,
      name: true,
      code: true,
      timezone: true,
      countryCode: true,
      kanbanSettings: true,
    },
  });
  if (!site) throw new AppError("SITE_NOT_FOUND", `No prep site ${siteId} was found.`);
  return site;
}

export async function getPrepSiteSettings(
  organisationId: string,
  siteId: string,
): Promise<PrepSiteSettingsView> {
  const site = await prepSiteOrThrow(organisationId, siteId);
  const stored = site.kanbanSettings;
  // A row that no longer parses (written by hand) falls back to the defaults rather than breaking the board.
  const parsed = stored
    ? prepSiteSettingsSchema.safeParse({
        wipLimits: stored.wipLimits,
        ageingThresholds: stored.ageingThresholds,
        openingHours: stored.openingHours,
        closedDays: stored.closedDays,
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
  const data = {
    wipLimits: values.wipLimits,
    ageingThresholds: values.ageingThresholds,
    // No opening hours is a SQL NULL (Prisma needs DbNull to write one into a JSON column).
    openingHours: values.openingHours ?? DbNull,
    closedDays: values.closedDays,
    updatedBy: scope.actor,
  };
  await db().prepSiteSettings.upsert({
    where: { siteId },
    create: { siteId, organisationId: scope.organisationId, ...data },
    update: data,
  });
  return values;
}
