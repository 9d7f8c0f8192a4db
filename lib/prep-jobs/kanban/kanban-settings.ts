// A prep site's kanban settings, one zod schema for the admin form, the server action and the JSON
// stored in PrepSiteSettings: a WIP limit per stage, ageing thresholds per stage (the global
// KANBAN_AMBER_HOURS / KANBAN_RED_HOURS stay the default), opening hours per weekday and closed days.
// Safe in client components.
import { z } from "zod";
import type { PrepJobStage as Stage } from "@/lib/generated/prisma/enums";
import type { AgeingThresholds } from "@/lib/prep-jobs/kanban/ageing";
import { WEEKDAYS } from "@/lib/dates";
import type { OpeningHours, WorkingSchedule } from "@/lib/prep-jobs/kanban/working-hours";
import { STAGE_ORDER } from "@/lib/prep-job-stages/stage-rules";

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "Use HH:MM, 00:00 to 24:00");

export const openingIntervalSchema = z
  .strictObject({ open: time, close: time })
  .refine(({ open, close }) => open < close, { path: ["close"], message: "Must be after the opening time" });

export const ageingThresholdsSchema = z
  .strictObject({
    amberHours: z.number().positive().max(10_000),
    redHours: z.number().positive().max(10_000),
  })
  .refine(({ amberHours, redHours }) => redHours > amberHours, {
    path: ["redHours"],
    message: "Must be more than the amber threshold",
  });

const perStage = <T extends z.ZodType>(value: T) =>
  z.strictObject(
    Object.fromEntries(STAGE_ORDER.map((stage) => [stage, value.optional()])) as Record<
      Stage,
      z.ZodOptional<T>
    >,
  );

export const prepSiteSettingsSchema = z.strictObject({
  wipLimits: perStage(z.number().int().min(1).max(10_000)),
  ageingThresholds: perStage(ageingThresholdsSchema),
  /** null: ageing counts every hour of the day (no opening hours set). */
  openingHours: z
    .strictObject(
      Object.fromEntries(
        WEEKDAYS.map((day) => [day, z.array(openingIntervalSchema).max(4).optional()]),
      ) as Record<(typeof WEEKDAYS)[number], z.ZodOptional<z.ZodArray<typeof openingIntervalSchema>>>,
    )
    .nullable(),
  closedDays: z
    .array(z.iso.date())
    .max(366)
    .transform((days) => [...new Set(days)].sort()),
});
export type PrepSiteSettingsInput = z.input<typeof prepSiteSettingsSchema>;
export type PrepSiteSettingsValues = z.output<typeof prepSiteSettingsSchema>;

export const EMPTY_SITE_SETTINGS: PrepSiteSettingsValues = {
  wipLimits: {},
  ageingThresholds: {},
  openingHours: null,
  closedDays: [],
};

/** What the board needs: the limits, the thresholds of every stage, and the schedule (or 24/7). */
export type KanbanSettings = {
  wipLimits: Partial<Record<Stage, number>>;
  thresholds: Record<Stage, AgeingThresholds>;
  schedule: WorkingSchedule | null;
};

export function kanbanSettingsOf(
  values: PrepSiteSettingsValues,
  defaults: AgeingThresholds,
  timeZone: string,
): KanbanSettings {
  const thresholds = Object.fromEntries(
    STAGE_ORDER.map((stage) => [stage, values.ageingThresholds[stage] ?? defaults]),
  ) as Record<Stage, AgeingThresholds>;
  const openingHours: OpeningHours | null = values.openingHours;
  return {
    wipLimits: values.wipLimits,
    thresholds,
    schedule: openingHours ? { timeZone, openingHours, closedDays: values.closedDays } : null,
  };
}

/** "at" the limit is amber, "over" it red; no limit or below it is "ok". */
export type WipState = "ok" | "at" | "over";

export function wipState(count: number, limit: number | undefined): WipState {
  if (limit === undefined || count < limit) return "ok";
  return count === limit ? "at" : "over";
}
