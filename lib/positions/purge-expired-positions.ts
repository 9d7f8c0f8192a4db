// Positions are personal data about a driver's whereabouts: once a leg is off the road (delivered,
// aborted or cancelled) for POSITION_RETENTION_DAYS, its positions and its last position go. Run by
// the worker's maintenance tick. Each statement deletes a bounded batch of legs, found through
// MovementLastPosition (one row per leg that ever reported), so no statement scans the positions.
import { transaction } from "@/lib/db";
import { env } from "@/lib/env";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A leg on the road for a day reports some 3,000 positions: 20 legs keep a batch to tens of thousands of rows. */
export const PURGE_LEGS_PER_BATCH = 20;

export async function purgeExpiredPositions(
  now: Date = new Date(),
  options: { legsPerBatch?: number; retentionDays?: number } = {},
): Promise<{ legs: number; positions: number }> {
  const legsPerBatch = options.legsPerBatch ?? PURGE_LEGS_PER_BATCH;
  const cutoff = new Date(now.getTime() - (options.retentionDays ?? env().POSITION_RETENTION_DAYS) * DAY_MS);
  const purged = { legs: 0, positions: 0 };
  for (;;) {
    const batch = await transaction(async (tx) => {
      // A leg's updatedAt is when it last changed: for a leg off the road, when it left it.
      const legs = await tx
        .selectFrom("MovementLastPosition as last")
        .innerJoin("Movement as leg", "leg.id", "last.movementId")
        .select("last.movementId")
        .where("leg.status", "!=", "IN_PROGRESS")
        .where("leg.updatedAt", "<", cutoff)
        .limit(legsPerBatch)
        .forUpdate("last")
        .skipLocked()
        .execute();
      const ids = legs.map((leg) => leg.movementId);
      if (ids.length === 0) return { legs: 0, positions: 0 };
      const positions = await tx
        .deleteFrom("VehiclePosition")
        .where("movementId", "in", ids)
        .executeTakeFirst();
      await tx.deleteFrom("MovementLastPosition").where("movementId", "in", ids).execute();
      return { legs: ids.length, positions: Number(positions.numDeletedRows) };
    });
    purged.legs += batch.legs;
    purged.positions += batch.positions;
    if (batch.legs < legsPerBatch) return purged;
  }
}
