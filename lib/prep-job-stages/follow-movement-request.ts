// A prep job follows the movement request linked to it: delivered brings it to DELIVERED (in or out),
// cancelled or aborted sends it back to waiting for a movement.
import type { Kdb } from "@/lib/db";
import type { MovementRequest, PrepJob } from "@/lib/generated/prisma/client";
import { changePrepJobStage } from "@/lib/prep-job-stages/change-prep-job-stage";
import { canApply, type PrepJobTrigger } from "@/lib/prep-job-stages/stage-rules";

const TRIGGERS: Record<"delivered" | "calledOff", Record<"INBOUND" | "OUTBOUND", PrepJobTrigger>> = {
  delivered: { INBOUND: "inboundMovementDelivered", OUTBOUND: "outboundMovementDelivered" },
  calledOff: { INBOUND: "inboundMovementCalledOff", OUTBOUND: "outboundMovementCalledOff" },
};

export async function followMovementRequest(
  tx: Kdb,
  request: Pick<MovementRequest, "prepJobId" | "prepJobDirection">,
  outcome: keyof typeof TRIGGERS,
  options: { actor: string; now: Date },
): Promise<void> {
  if (!request.prepJobId || !request.prepJobDirection) return;
  const job: PrepJob | undefined = await tx
    .selectFrom("PrepJob")
    .selectAll()
    .where("id", "=", request.prepJobId)
    .executeTakeFirst();
  const trigger = TRIGGERS[outcome][request.prepJobDirection];
  // The job may have been moved by hand meanwhile; then the movement no longer decides its stage.
  if (!job || !canApply(trigger, job)) return;
  await changePrepJobStage(tx, job, trigger, options);
}
