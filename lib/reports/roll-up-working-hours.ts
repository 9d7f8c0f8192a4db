// The worker's roll-up for the stage-time report: each closed stay (PrepJobStageSpell) at a site with
// opening hours gets its working time, counted as the kanban counts ageing (working-hours.ts: the
// site's hours per weekday in its zone, its closed days). Done once per stay, in batches, so the report
// reads a number instead of walking calendars. Sites without opening hours are left alone: there the
// report takes the elapsed time. A site's hours as they are when the stay is rolled up count.
import { sql, type Kdb } from "@/lib/db";
import { workingMsBetween } from "@/lib/prep-jobs/kanban/working-hours";
import { workingSchedules } from "@/lib/reports/rollups/working-schedules";

/** Rolls up to `batch` stays; returns how many (the caller runs it again when it was a full batch). */
export async function rollUpWorkingHours(kdb: Kdb, batch = 1_000): Promise<number> {
  const schedules = await workingSchedules(kdb);
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
