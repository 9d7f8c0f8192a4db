// "A movement exists" (PATCH /prep-jobs/pending-movement-request, and the kanban move to
// OUTBOUND/PENDING_MOVEMENT_REQUEST): the job has a linked outbound movement request that has not been
// called off, i.e. whose status is neither CANCELLED nor ABORTED. A delivered one counts: the vehicle
// has left.
import { AppError } from "@/lib/errors/app-error";
import type { Prisma, PrepJob } from "@/lib/generated/prisma/client";
import { CALLED_OFF_STATUSES } from "@/lib/movement-requests/transitions";

export async function findOutboundMovementRequest(
  tx: Prisma.TransactionClient,
  prepJobId: string,
): Promise<{ id: string } | null> {
  return tx.movementRequest.findFirst({
    where: { prepJobId, prepJobDirection: "OUTBOUND", status: { notIn: [...CALLED_OFF_STATUSES] } },
    select: { id: true },
    orderBy: { createdAt: "desc" },
  });
}

/** 400 MOVEMENT_ALREADY_EXISTS when the job already has an outbound movement. */
export async function assertNoOutboundMovement(tx: Prisma.TransactionClient, job: PrepJob): Promise<void> {
  const existing = await findOutboundMovementRequest(tx, job.id);
  if (existing) {
    throw new AppError(
      "MOVEMENT_ALREADY_EXISTS",
      `Prep job ${job.id} already has an outbound movement request (${existing.id}); it cannot wait for one.`,
    );
  }
}
