// An organisation's settings for planning the pool (docs/planning.md, "The objective"): what an own
// driver's hour costs when the driver has no rate of their own, what each hour late costs in the
// objective, and how drivers get to the next collection or home (public transport, slower by a factor,
// or a chase car, at a cost per kilometre). Client-safe: the settings form checks with it too.
import { z } from "zod";
import { RepositioningMode } from "@/lib/generated/prisma/enums";

export const planningSettingsInput = z.strictObject({
  driverCostPerHourCents: z.int().min(0).max(100_000),
  latenessPenaltyPerHourCents: z.int().min(0).max(1_000_000),
  repositioningMode: z.enum(RepositioningMode),
  /** Public transport takes the driven time × this factor. */
  publicTransportFactor: z.number().min(1).max(5),
  chaseCarCostPerKmCents: z.int().min(0).max(10_000),
});
export type PlanningSettings = z.infer<typeof planningSettingsInput>;
