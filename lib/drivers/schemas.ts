// Shapes of the operations API's driver endpoint (extensions section 6), shared with the OpenAPI document.
// The planning fields (issue 39) are what the planner knows of a driver (docs/planning.md).
import { z } from "zod";
import { WEEKDAYS } from "@/lib/dates";
import { calendarDateSchema, identifierSchema, timeOfDaySchema } from "@/lib/schemas/common";

const workingIntervalSchema = z
  .strictObject({ start: timeOfDaySchema, end: timeOfDaySchema.or(z.literal("24:00")) })
  .refine(({ start, end }) => start < end, { path: ["end"], message: "Must be after the start" });

export const workingHoursSchema = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, workingIntervalSchema.optional()])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodOptional<typeof workingIntervalSchema>
    >,
  )
  .describe("Per weekday (sun … sat), at the home site's clock; an absent weekday is off");
export type WorkingHours = z.infer<typeof workingHoursSchema>;

export const daysOffSchema = z
  .array(calendarDateSchema)
  .max(366)
  .describe("Local dates off besides the weekly ones");

export const driverSchema = z.object({
  id: z.string().describe("Use as driverId, driverIds or offerToDriverId in assign"),
  firstname: z.string(),
  surname: z.string(),
  homeSiteId: z
    .string()
    .nullable()
    .describe("Extension: where the driver's day starts and ends; null: the planner leaves them out"),
  workingHours: workingHoursSchema.describe("Extension: the planner's working hours"),
  daysOff: daysOffSchema.describe("Extension: local dates off besides the weekly ones"),
  transporterLicence: z.boolean().describe("Extension: may move vehicles on a transporter, besides driving"),
  costPerHourCents: z
    .int()
    .nullable()
    .describe("Extension: the driver's cost per hour; null: the organisation's default"),
});
export type DriverResponse = z.infer<typeof driverSchema>;

/** An admin's edit of what the planner knows of a driver (the drivers' settings page). */
export const driverPlanningInput = z.strictObject({
  homeSiteId: identifierSchema.nullable(),
  workingHours: workingHoursSchema,
  daysOff: daysOffSchema.refine((days) => new Set(days).size === days.length, "A day off is listed twice"),
  transporterLicence: z.boolean(),
  costPerHourCents: z.int().min(0).max(100_000).nullable(),
});
export type DriverPlanningInput = z.infer<typeof driverPlanningInput>;

export const listDriversQuery = z.strictObject({});
export const listDriversResponse = z.object({ data: z.array(driverSchema) });
