// A driver who may be given a movement: one of the organisation's own, and active. An unknown id, a
// driver of another organisation and an inactive one are the same 404: the caller cannot tell them apart.
import type { DB, Kdb, Selectable } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

type Driver = Selectable<DB["Driver"]>;

export async function getActiveDriverOrThrow(
  tx: Kdb,
  organisationId: string,
  driverId: string,
  path = "driverId",
): Promise<Driver> {
  const driver: Driver | undefined = await tx
    .selectFrom("Driver")
    .selectAll()
    .where("id", "=", driverId)
    .where("organisationId", "=", organisationId)
    .where("active", "=", true)
    .executeTakeFirst();
  if (!driver) {
    throw new AppError("DRIVER_NOT_FOUND", `No active driver ${driverId} was found.`, {
      errors: [{ path, message: "Unknown or inactive driver" }],
    });
  }
  return driver;
}
