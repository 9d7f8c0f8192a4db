// PATCH /prep-jobs/pending-movement-request: preparation is finished but no outbound movement has been
// requested yet; the job moves to OUTBOUND/PENDING_MOVEMENT_REQUEST (rule awaitOutboundMovement).
// Once an outbound movement exists: 400 MOVEMENT_ALREADY_EXISTS. Repeated while already awaiting one:
// 200, no effect (no new version, no event).
import { transaction } from "@/lib/db";
import { changePrepJobStage } from "@/lib/prep-job-stages/change-prep-job-stage";
import {
  findPrepJobByVehicleOrThrow,
  type VehicleLookup,
} from "@/lib/prep-jobs/find-prep-job-by-vehicle-or-throw";
import type { PrepJobActorScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import { assertNoOutboundMovement } from "@/lib/prep-jobs/outbound-movement";
import type { PrepJobResponse } from "@/lib/prep-jobs/schemas";
import { PREP_JOB_RULES } from "@/lib/prep-job-stages/stage-rules";
import { readPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

export async function awaitOutboundMovement(
  scope: PrepJobActorScope,
  lookup: VehicleLookup,
): Promise<PrepJobResponse> {
  // One Kysely transaction: the job under its lock, its stage change, its event and outbox rows.
  return transaction(async (tx) => {
    const job = await findPrepJobByVehicleOrThrow(tx, scope, lookup, { forUpdate: true });
    // Checked first: a job with a live outbound movement is not "awaiting" one, whatever its stage says.
    await assertNoOutboundMovement(tx, job);
    const target = PREP_JOB_RULES.awaitOutboundMovement.to;
    if (job.stage === target.stage && job.substage === target.substage) return readPrepJobResponse(tx, job);
    return readPrepJobResponse(
      tx,
      await changePrepJobStage(tx, job, "awaitOutboundMovement", { actor: scope.actor }),
    );
  });
}
