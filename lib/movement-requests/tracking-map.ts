// The tracking page's map (docs/maps.md, privacy): the destination, and the vehicle only while it is
// coming to the customer — the leg into the request's destination is on the road (IN_PROGRESS) — at
// a position rounded to about 1 km. Before collection, between legs (a stop at a prep site) and after
// delivery there is no vehicle on the page, and no position older than the leg's own is ever read.
import { kysely } from "@/lib/db";
import { MovementStatus } from "@/lib/generated/prisma/enums";
import { roundToAboutOneKm, type Coordinates } from "@/lib/movement-requests/round-position";

export type TrackingMap = {
  destination: Coordinates;
  /** Rounded to about 1 km; null unless the vehicle is on its way to the destination. */
  vehicle: (Coordinates & { recordedAt: string }) | null;
};

/** The map of the request a tracking link names (its validity is checked by getTrackingView). */
export async function getTrackingMap(token: string): Promise<TrackingMap | null> {
  const row = await kysely()
    .selectFrom("MovementRequest as mr")
    .innerJoin("Site as d", "d.id", "mr.destinationSiteId")
    .leftJoin("Movement as m", (join) =>
      join
        .onRef("m.movementRequestId", "=", "mr.id")
        .onRef("m.destinationSiteId", "=", "mr.destinationSiteId")
        .on("m.status", "=", MovementStatus.IN_PROGRESS),
    )
    .leftJoin("MovementLastPosition as lp", "lp.movementId", "m.id")
    .select([
      "d.latitude as destinationLatitude",
      "d.longitude as destinationLongitude",
      "lp.latitude",
      "lp.longitude",
      "lp.recordedAt",
    ])
    .where("mr.trackingToken", "=", token)
    .orderBy("lp.recordedAt", (order) => order.desc().nullsLast())
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const { latitude, longitude, recordedAt } = row;
  return {
    destination: { latitude: row.destinationLatitude, longitude: row.destinationLongitude },
    vehicle:
      latitude !== null && longitude !== null && recordedAt !== null
        ? { ...roundToAboutOneKm({ latitude, longitude }), recordedAt: recordedAt.toISOString() }
        : null,
  };
}
