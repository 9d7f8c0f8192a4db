// PATCH /prep-jobs/appraised: the job found by vin or vrm moves to APPRAISED, from any position
// (rule markAppraised). Repeating it on an appraised job changes nothing.
import { transaction } from "@/lib/db";
import { changePrepJobStage } from "@/lib/prep-job-stages/change-prep-job-stage";
import {
  findPrepJobByVehicleOrThrow,
  type VehicleLookup,
} from "@/lib/prep-jobs/find-prep-job-by-vehicle-or-throw";
import type { PrepJobActorScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import type { PrepJobResponse } from "@/lib/prep-jobs/schemas";
import { PREP_JOB_RULES } from "@/lib/prep-job-stages/stage-rules";
import { readPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

export async function markPrepJobAppraised(
  scope: PrepJobActorScope,
  lookup: VehicleLookup,
): Promise<PrepJobResponse> {
  // One Kysely transaction: the job under its lock, its stage change, its event and outbox rows.
  return transaction(async (tx) => {
    const job = await findPrepJobByVehicleOrThrow(tx, scope, lookup, { forUpdate: true });
    const target = PREP_JOB_RULES.markAppraised.to;
    if (job.stage === target.stage && job.substage === target.substage) return readPrepJobResponse(tx, job);
    return readPrepJobResponse(
      tx,
      await changePrepJobStage(tx, job, "markAppraised", { actor: scope.actor }),
    );
  });
}
