"use server";
// Saving a driver's planning fields and the organisation's planning settings: admins only, each validated
// by its one schema (update-driver-planning.ts, lib/organisations/planning-settings.ts).
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { driverPlanningInput, type DriverResponse } from "@/lib/drivers/schemas";
import { updateDriverPlanning } from "@/lib/drivers/update-driver-planning";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { updatePlanningSettings } from "@/lib/organisations/planning-settings";
import { planningSettingsInput, type PlanningSettings } from "@/lib/organisations/planning-settings-schema";
import { identifierSchema } from "@/lib/schemas/common";

export async function saveDriverPlanningAction(
  driverId: unknown,
  input: unknown,
): Promise<ActionResult<DriverResponse>> {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  return runAction("driver planning", async () => {
    const driver = await updateDriverPlanning(
      staff.organisationId,
      identifierSchema.parse(driverId),
      driverPlanningInput.parse(input),
      staff.actor,
    );
    revalidatePath("/settings/drivers");
    return driver;
  });
}

export async function savePlanningSettingsAction(input: unknown): Promise<ActionResult<PlanningSettings>> {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  return runAction("planning settings", async () => {
    const settings = planningSettingsInput.parse(input);
    await updatePlanningSettings(staff.organisationId, settings, staff.actor);
    revalidatePath("/settings/drivers");
    return settings;
  });
}
