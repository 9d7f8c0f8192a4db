// The detail panel's small map: one request's origin and destination and, while a leg is on the road,
// its vehicle's last position. Another organisation's request is "not found", like an unknown id.
import { kysely } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { MovementStatus } from "@/lib/generated/prisma/enums";

export type MapPlace = { name: string; latitude: number; longitude: number };

export type MovementMap = {
  origin: MapPlace;
  destination: MapPlace;
  /** The leg on the road's last reported position; null when no leg is on the road or none reported. */
  vehicle: { latitude: number; longitude: number; recordedAt: string } | null;
};

export async function getMovementMap(organisationId: string, requestId: string): Promise<MovementMap> {
  const row = await kysely()
    .selectFrom("MovementRequest as mr")
    .innerJoin("Site as o", "o.id", "mr.originSiteId")
    .innerJoin("Site as d", "d.id", "mr.destinationSiteId")
    .leftJoin("Movement as m", (join) =>
      join.onRef("m.movementRequestId", "=", "mr.id").on("m.status", "=", MovementStatus.IN_PROGRESS),
    )
    .leftJoin("MovementLastPosition as lp", "lp.movementId", "m.id")
    .select([
      "o.name as originName",
      "o.latitude as originLatitude",
      "o.longitude as originLongitude",
      "d.name as destinationName",
      "d.latitude as destinationLatitude",
      "d.longitude as destinationLongitude",
      "lp.latitude as vehicleLatitude",
      "lp.longitude as vehicleLongitude",
      "lp.recordedAt as vehicleRecordedAt",
    ])
    .where("mr.id", "=", requestId)
    .where("mr.organisationId", "=", organisationId)
    // One leg at a time is on the road; should two ever be, the newest position wins.
    .orderBy("lp.recordedAt", (order) => order.desc().nullsLast())
    .limit(1)
    .executeTakeFirst();
  if (!row)
    throw new AppError("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", `No movement request ${requestId} was found.`);
  const { vehicleLatitude, vehicleLongitude, vehicleRecordedAt } = row;
  return {
    origin: { name: row.originName, latitude: row.originLatitude, longitude: row.originLongitude },
    destination: {
      name: row.destinationName,
      latitude: row.destinationLatitude,
      longitude: row.destinationLongitude,
    },
    vehicle:
      vehicleLatitude !== null && vehicleLongitude !== null && vehicleRecordedAt !== null
        ? {
            latitude: vehicleLatitude,
            longitude: vehicleLongitude,
            recordedAt: vehicleRecordedAt.toISOString(),
          }
        : null,
  };
}
