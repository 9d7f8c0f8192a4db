// Reads and writes an organisation's planning settings (the schema: planning-settings-schema.ts); a
// change is logged with the admin, as the other organisation settings are.
import { kysely } from "@/lib/db";
import { logger } from "@/lib/logger";
import type { PlanningSettings } from "@/lib/organisations/planning-settings-schema";

const COLUMNS = [
  "driverCostPerHourCents",
  "latenessPenaltyPerHourCents",
  "repositioningMode",
  "publicTransportFactor",
  "chaseCarCostPerKmCents",
] as const;

export async function getPlanningSettings(organisationId: string): Promise<PlanningSettings> {
  return kysely()
    .selectFrom("Organisation")
    .select(COLUMNS)
    .where("id", "=", organisationId)
    .executeTakeFirstOrThrow();
}

export async function updatePlanningSettings(
  organisationId: string,
  settings: PlanningSettings,
  actor: string,
): Promise<void> {
  await kysely().updateTable("Organisation").set(settings).where("id", "=", organisationId).execute();
  logger.info("planning settings updated", { actor, ...settings });
}
