// GET /operations/drivers: the organisation's own drivers who can be given movements.
import { db } from "@/lib/db";
import type { DriverResponse } from "@/lib/drivers/schemas";

/** The organisation's active drivers, by surname then first name. */
export async function listDrivers(scope: { organisationId: string }): Promise<DriverResponse[]> {
  const drivers = await db().driver.findMany({
    where: { organisationId: scope.organisationId, active: true },
    orderBy: [{ surname: "asc" }, { firstname: "asc" }, { id: "asc" }],
    select: { id: true, firstname: true, surname: true },
  });
  return drivers;
}
