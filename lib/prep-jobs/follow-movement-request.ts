// A prep job follows the movement request linked to it: delivered brings it to DELIVERED (in or out),
// cancelled or aborted sends it back to waiting for a movement.
import type { MovementRequest, Prisma } from "@/lib/generated/prisma/client";
import { changePrepJobStage } from "@/lib/prep-jobs/change-prep-job-stage";
import { canApply, type PrepJobTrigger } from "@/lib/prep-jobs/stage-rules";

const TRIGGERS: Record<"delivered" | "calledOff", Record<"INBOUND" | "OUTBOUND", PrepJobTrigger>> = {
  delivered: { INBOUND: "inboundMovementDelivered", OUTBOUND: "outboundMovementDelivered" },
  calledOff: { INBOUND: "inboundMovementCalledOff", OUTBOUND: "outboundMovementCalledOff" },
};

export async function followMovementRequest(
  tx: Prisma.TransactionClient,
  request: MovementRequest,
  outcome: keyof typeof TRIGGERS,
  options: { actor: string; now: Date },
): Promise<void> {
  if (!request.prepJobId || !request.prepJobDirection) return;
  const job = await tx.prepJob.findUnique({ where: { id: request.prepJobId } });
  const trigger = TRIGGERS[outcome][request.prepJobDirection];
  // The job may have been moved by hand meanwhile; then the movement no longer decides its stage.
  if (!job || !canApply(trigger, job)) return;
  await changePrepJobStage(tx, job, trigger, options);
}
