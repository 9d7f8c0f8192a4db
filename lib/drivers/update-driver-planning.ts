// An admin edits what the planner knows of a driver (docs/planning.md, "Drivers"): home site, weekly
// hours, days off, transporter licence and cost per hour. The driver and the home site are the
// organisation's own or "not found"; the change is logged with the admin.
import { kysely } from "@/lib/db";
import type { DriverPlanningInput, DriverResponse } from "@/lib/drivers/schemas";
import { AppError } from "@/lib/errors/app-error";
import { logger } from "@/lib/logger";

export async function updateDriverPlanning(
  organisationId: string,
  driverId: string,
  input: DriverPlanningInput,
  actor: string,
): Promise<DriverResponse> {
  if (input.homeSiteId !== null) {
    const site = await kysely()
      .selectFrom("Site")
      .select("id")
      .where("id", "=", input.homeSiteId)
      .where("organisationId", "=", organisationId)
      .executeTakeFirst();
    if (!site) {
      throw new AppError("SITE_NOT_FOUND", `No site ${input.homeSiteId} was found.`, {
        errors: [{ path: "homeSiteId", message: "Not one of your sites" }],
      });
    }
  }
  const driver = await kysely()
    .updateTable("Driver")
    .set({
      homeSiteId: input.homeSiteId,
      workingHours: JSON.stringify(input.workingHours),
      daysOff: JSON.stringify([...input.daysOff].sort()),
      transporterLicence: input.transporterLicence,
      costPerHourCents: input.costPerHourCents,
    })
    .where("id", "=", driverId)
    .where("organisationId", "=", organisationId)
    .where("active", "=", true)
    .returning(["id", "firstname", "surname"])
    .executeTakeFirst();
  if (!driver) throw new AppError("DRIVER_NOT_FOUND", `No active driver ${driverId} was found.`);
  logger.info("driver planning fields updated", { actor, driverId });
  return { ...driver, ...input, daysOff: [...input.daysOff].sort() };
}
