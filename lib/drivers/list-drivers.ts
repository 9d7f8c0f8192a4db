// GET /operations/drivers: the organisation's own drivers who can be given movements.
import { kysely } from "@/lib/db";
import type { DriverResponse } from "@/lib/drivers/schemas";

/** The organisation's active drivers, by surname then first name. */
export async function listDrivers(scope: { organisationId: string }): Promise<DriverResponse[]> {
  return kysely()
    .selectFrom("Driver")
    .select(["id", "firstname", "surname"])
    .where("organisationId", "=", scope.organisationId)
    .where("active", "=", true)
    .orderBy("surname")
    .orderBy("firstname")
    .orderBy("id")
    .execute();
}
