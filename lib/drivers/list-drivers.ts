// GET /operations/drivers: the organisation's own drivers who can be given movements, with what the
// planner knows of them (issue 39, an extension).
import { kysely } from "@/lib/db";
import { daysOffSchema, workingHoursSchema, type DriverResponse } from "@/lib/drivers/schemas";

/** The organisation's active drivers, by surname then first name. */
export async function listDrivers(scope: { organisationId: string }): Promise<DriverResponse[]> {
  const rows = await kysely()
    .selectFrom("Driver")
    .select([
      "id",
      "firstname",
      "surname",
      "homeSiteId",
      "workingHours",
      "daysOff",
      "transporterLicence",
      "costPerHourCents",
    ])
    .where("organisationId", "=", scope.organisationId)
    .where("active", "=", true)
    .orderBy("surname")
    .orderBy("firstname")
    .orderBy("id")
    .execute();
  // The JSON columns are written through these schemas; parsing them again keeps the response typed.
  return rows.map((row) => ({
    ...row,
    workingHours: workingHoursSchema.parse(row.workingHours),
    daysOff: daysOffSchema.parse(row.daysOff),
  }));
}
