// "A movement exists" (PATCH /prep-jobs/pending-movement-request, and the kanban move to
// OUTBOUND/PENDING_MOVEMENT_REQUEST): the job has a linked outbound movement request that has not been
// called off, i.e. whose status is neither CANCELLED nor ABORTED. A delivered one counts: the vehicle
// has left.
import type { Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { PrepJob } from "@/lib/generated/prisma/client";
import { CALLED_OFF_STATUSES } from "@/lib/movement-requests/transitions";

async function findOutboundMovementRequest(tx: Kdb, prepJobId: string): Promise<{ id: string } | undefined> {
  return tx
    .selectFrom("MovementRequest")
    .select("id")
    .where("prepJobId", "=", prepJobId)
    .where("prepJobDirection", "=", "OUTBOUND")
    .where("status", "not in", CALLED_OFF_STATUSES)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
}

/** 400 MOVEMENT_ALREADY_EXISTS when the job already has an outbound movement. */
export async function assertNoOutboundMovement(tx: Kdb, job: PrepJob): Promise<void> {
  const existing = await findOutboundMovementRequest(tx, job.id);
  if (existing) {
    throw new AppError(
      "MOVEMENT_ALREADY_EXISTS",
      `Prep job ${job.id} already has an outbound movement request (${existing.id}); it cannot wait for one.`,
    );
  }
}
