// A driver who may be given a movement: one of the organisation's own, and active. An unknown id, a
// driver of another organisation and an inactive one are the same 404: the caller cannot tell them apart.
import { AppError } from "@/lib/errors/app-error";
import type { Driver, Prisma } from "@/lib/generated/prisma/client";

export async function getActiveDriverOrThrow(
  tx: Prisma.TransactionClient,
  organisationId: string,
  driverId: string,
  path = "driverId",
): Promise<Driver> {
  const driver = await tx.driver.findFirst({ where: { id: driverId, organisationId, active: true } });
  if (!driver) {
    throw new AppError("DRIVER_NOT_FOUND", `No active driver ${driverId} was found.`, {
      errors: [{ path, message: "Unknown or inactive driver" }],
    });
  }
  return driver;
}
