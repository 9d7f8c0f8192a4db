// The prep sites' working calendars (opening hours per weekday in the site's zone, closed days), for the
// roll-ups that count time as the kanban counts ageing. A site without hours, or with hours that no
// longer parse (written by hand), has none: its times stay elapsed.
import type { Kdb } from "@/lib/db";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { prepSiteSettingsSchema } from "@/lib/prep-jobs/kanban/kanban-settings";
import type { WorkingSchedule } from "@/lib/prep-jobs/kanban/working-hours";

const schedulePart = prepSiteSettingsSchema.pick({ openingHours: true, closedDays: true });

/** The schedules of the sites with opening hours: every site's, or those of `siteIds`. */
export async function workingSchedules(kdb: Kdb, siteIds?: string[]): Promise<Map<string, WorkingSchedule>> {
  const schedules = new Map<string, WorkingSchedule>();
  if (siteIds?.length === 0) return schedules;
  const sites = await kdb
    .selectFrom("PrepSiteSettings as settings")
    .innerJoin("Site as site", "site.id", "settings.siteId")
    .select(["site.id", "site.timezone", "site.countryCode", "settings.openingHours", "settings.closedDays"])
    .where("settings.openingHours", "is not", null)
    .$if(siteIds !== undefined, (query) => query.where("site.id", "in", siteIds!))
    .execute();
  for (const site of sites) {
    const parsed = schedulePart.safeParse({ openingHours: site.openingHours, closedDays: site.closedDays });
    if (!parsed.success || !parsed.data.openingHours) continue;
    schedules.set(site.id, {
      timeZone: resolveSiteTimeZone(site) ?? "UTC",
      openingHours: parsed.data.openingHours,
      closedDays: parsed.data.closedDays,
    });
  }
  return schedules;
}
