// The worker's roll-up for the stage-time report: each closed stay (PrepJobStageSpell) at a site with
// opening hours gets its working time, counted as the kanban counts ageing (working-hours.ts: the
// site's hours per weekday in its zone, its closed days). Done once per stay, in batches, so the report
// reads a number instead of walking calendars. Sites without opening hours are left alone: there the
// report takes the elapsed time. A site's hours as they are when the stay is rolled up count.
import { sql, type Kdb } from "@/lib/db";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { prepSiteSettingsSchema } from "@/lib/prep-jobs/kanban/kanban-settings";
import { workingMsBetween, type WorkingSchedule } from "@/lib/prep-jobs/kanban/working-hours";

const schedulePart = prepSiteSettingsSchema.pick({ openingHours: true, closedDays: true });

/** Rolls up to `batch` stays; returns how many (the caller runs it again when it was a full batch). */
export async function rollUpWorkingHours(kdb: Kdb, batch = 1_000): Promise<number> {
  const sites = await kdb
    .selectFrom("PrepSiteSettings as settings")
    .innerJoin("Site as site", "site.id", "settings.siteId")
    .select(["site.id", "site.timezone", "site.countryCode", "settings.openingHours", "settings.closedDays"])
    .where("settings.openingHours", "is not", null)
    .execute();
  const schedules = new Map<string, WorkingSchedule>();
  for (const site of sites) {
    const parsed = schedulePart.safeParse({ openingHours: site.openingHours, closedDays: site.closedDays });
    // Hours that no longer parse (written by hand): the stays keep their elapsed time, as the kanban does.
    if (!parsed.success || !parsed.data.openingHours) continue;
    schedules.set(site.id, {
      timeZone: resolveSiteTimeZone(site) ?? "UTC",
      openingHours: parsed.data.openingHours,
      closedDays: parsed.data.closedDays,
    });
  }
  if (schedules.size === 0) return 0;
  const stays = await kdb
    .selectFrom("PrepJobStageSpell")
    .select(["prepJobId", "enteredAt", "stage", "leftAt", "prepSiteId"])
    .where("prepSiteId", "in", [...schedules.keys()])
    .where("leftAt", "is not", null)
    .where("workingSeconds", "is", null)
    .limit(batch)
    .execute();
  if (stays.length === 0) return 0;
  const seconds = stays.map((stay) =>
    Math.round(workingMsBetween(stay.enteredAt, stay.leftAt!, schedules.get(stay.prepSiteId!)!) / 1000),
  );
  await sql`UPDATE "PrepJobStageSpell" s SET "workingSeconds" = u.seconds
    FROM unnest(${stays.map((stay) => stay.prepJobId)}::text[],
                ${stays.map((stay) => stay.enteredAt.toISOString())}::timestamp(3)[],
                ${stays.map((stay) => stay.stage)}::"PrepJobStage"[],
                ${seconds}::int[]) AS u(job, entered, stage, seconds)
   WHERE s."prepJobId" = u.job AND s."enteredAt" = u.entered AND s.stage = u.stage`.execute(kdb);
  return stays.length;
}
