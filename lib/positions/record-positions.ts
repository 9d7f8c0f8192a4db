// Stores a batch of positions of the leg that is on the road, and that leg's newest position for the
// map, in one transaction; then wakes the open maps. A batch sent again (the phone's offline queue, a
// retrying integration) stores nothing twice: positions are unique per leg and instant.
import { sql, transaction, type Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { carrierHoldsLeg } from "@/lib/movement-requests/acting-carrier";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { MAX_CLOCK_AHEAD_MS, type PositionsBody } from "@/lib/positions/schemas";

/** The channel open maps LISTEN on; the payload is the organisation's id. */
export const POSITIONS_CHANNEL = "vehicle_positions";

export async function recordPositions(
  scope: ActorScope,
  requestId: string,
  body: PositionsBody,
  now = new Date(),
): Promise<{ accepted: number }> {
  const positions = body.positions.map((position, index) => ({
    ...position,
    index,
    at: new Date(position.recordedAt),
  }));
  const ahead = positions.filter((position) => position.at.getTime() - now.getTime() > MAX_CLOCK_AHEAD_MS);
  if (ahead.length > 0) {
    throw new AppError(
      "VALIDATION_ERROR",
      "A position's time is more than 5 minutes ahead of the service's clock.",
      {
        errors: ahead.map((position) => ({
          path: `positions.${position.index}.recordedAt`,
          message: "More than 5 minutes in the future",
        })),
      },
    );
  }
  return transaction(async (tx) => {
    const leg = await legOnTheRoad(tx, scope, requestId);
    const inserted = await tx
      .insertInto("VehiclePosition")
      .values(
        positions.map((position) => ({
          id: newId(),
          organisationId: scope.organisationId,
          movementRequestId: requestId,
          movementId: leg.id,
          latitude: position.latitude,
          longitude: position.longitude,
          accuracyMetres: position.accuracyMetres ?? null,
          recordedAt: position.at,
          receivedAt: now,
          source: scope.actor,
        })),
      )
      .onConflict((conflict) => conflict.columns(["movementId", "recordedAt"]).doNothing())
      .returning("id")
      .execute();
    const newest = positions.reduce((latest, position) => (position.at > latest.at ? position : latest));
    await tx
      .insertInto("MovementLastPosition")
      .values({
        movementId: leg.id,
        organisationId: scope.organisationId,
        movementRequestId: requestId,
        latitude: newest.latitude,
        longitude: newest.longitude,
        accuracyMetres: newest.accuracyMetres ?? null,
        recordedAt: newest.at,
      })
      // A late batch (an offline queue draining) never moves the marker back in time.
      .onConflict((conflict) =>
        conflict
          .column("movementId")
          .doUpdateSet((eb) => ({
            latitude: eb.ref("excluded.latitude"),
            longitude: eb.ref("excluded.longitude"),
            accuracyMetres: eb.ref("excluded.accuracyMetres"),
            recordedAt: eb.ref("excluded.recordedAt"),
          }))
          .whereRef("MovementLastPosition.recordedAt", "<", "excluded.recordedAt"),
      )
      .execute();
    await tx
      .selectNoFrom(
        sql<string>`pg_notify(${POSITIONS_CHANNEL}, ${scope.organisationId})::text`.as("notified"),
      )
      .execute();
    return { accepted: inserted.length };
  });
}

/**
 * The request's leg in transit (legs run in order, so at most one is). 404 for another organisation's
 * (or profile's) request, 409 when no leg is on the road, or when the acting carrier does not carry it.
 * No lock on the request: a share lock would write to its row on every call, and a position that races
 * the delivery's commit is one taken a moment before it, true either way.
 */
async function legOnTheRoad(tx: Kdb, scope: ActorScope, requestId: string) {
  let request = tx
    .selectFrom("MovementRequest")
    .select("id")
    .where("id", "=", requestId)
    .where("organisationId", "=", scope.organisationId);
  if (scope.profileId) request = request.where("profileId", "=", scope.profileId);
  const found = await request.executeTakeFirst();
  if (!found)
    throw new AppError("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", `No movement request ${requestId} was found.`);
  const legs = await tx
    .selectFrom("Movement")
    .select(["id", "legNumber", "driverId", "thirdPartyLogisticsProviderId", "marketplaceCarrierId"])
    .where("movementRequestId", "=", requestId)
    .where("status", "=", "IN_PROGRESS")
    .execute();
  const carrier = scope.carrier;
  const leg = carrier ? legs.find((candidate) => carrierHoldsLeg(carrier, candidate)) : legs[0];
  if (!leg) {
    throw new AppError(
      "INVALID_STATUS_TRANSITION",
      carrier
        ? "None of your legs of this movement request is on the road (collected and not yet delivered)."
        : "No leg of this movement request is on the road (collected and not yet delivered).",
    );
  }
  return leg;
}
