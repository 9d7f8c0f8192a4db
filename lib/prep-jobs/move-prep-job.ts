// A manual stage move, as the kanban makes it (POST /operations/prep-jobs/{id}/move, and the board
// itself): only the manual rules of stage-rules.ts (manualMoveBetween) may move a job; anything else is
// 409 INVALID_STATUS_TRANSITION and changes nothing. Moving to OUTBOUND/PENDING_MOVEMENT_REQUEST obeys
// the same rule as the API: not once an outbound movement exists (400 MOVEMENT_ALREADY_EXISTS).
//
// The scope is an API caller's profile, or a staff user's organisation (no profileId).
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { PrepJobStage, PrepJobSubstage } from "@/lib/generated/prisma/enums";
import { changePrepJobStage } from "@/lib/prep-job-stages/change-prep-job-stage";
import { getPrepJobOrThrow, type PrepJobActorScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import { assertNoOutboundMovement } from "@/lib/prep-jobs/outbound-movement";
import type { PrepJobResponse } from "@/lib/prep-jobs/schemas";
import {
  describePosition,
  manualMoveBetween,
  PREP_JOB_RULES,
  samePosition,
  type PrepJobPosition,
} from "@/lib/prep-job-stages/stage-rules";
import { readPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

export type MoveTarget = { stage: PrepJobStage; substage?: PrepJobSubstage | null };

export async function movePrepJob(
  scope: PrepJobActorScope,
  id: string,
  target: MoveTarget,
): Promise<PrepJobResponse> {
  const to: PrepJobPosition = { stage: target.stage, substage: target.substage ?? null };
  // One Kysely transaction: the job under its lock, its stage change, its event and outbox rows.
  return transaction(async (tx) => {
    const job = await getPrepJobOrThrow(tx, scope, id, { forUpdate: true });
    const trigger = manualMoveBetween(job, to);
    if (!trigger) {
      throw new AppError(
        "INVALID_STATUS_TRANSITION",
        `A prep job at ${describePosition(job)} cannot be moved to ${describePosition(to)}.`,
      );
    }
    if (samePosition(to, PREP_JOB_RULES.awaitOutboundMovement.to)) {
      await assertNoOutboundMovement(tx, job);
    }
    return readPrepJobResponse(tx, await changePrepJobStage(tx, job, trigger, { actor: scope.actor }));
  });
}
