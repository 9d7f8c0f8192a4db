// Every stage change of a prep job goes through here: the rule decides the new position, and the
// change, its new version and its event are written together.
import { recordEvent } from "@/lib/events/record-event";
import type { Prisma, PrepJob } from "@/lib/generated/prisma/client";
import { applyRule, type PrepJobTrigger } from "@/lib/prep-jobs/stage-rules";

export async function changePrepJobStage(
  tx: Prisma.TransactionClient,
  job: PrepJob,
  trigger: PrepJobTrigger,
  options: { actor: string; now?: Date; data?: Prisma.PrepJobUncheckedUpdateInput },
): Promise<PrepJob> {
  const now = options.now ?? new Date();
  const to = applyRule(trigger, job);
  const stageChanged = to.stage !== job.stage;
  const updated = await tx.prepJob.update({
    where: { id: job.id },
    data: {
      ...options.data,
      stage: to.stage,
      substage: to.substage,
      version: { increment: 1 },
      // "Time in stage" counts from the last stage change, not from any update.
      ...(stageChanged ? { stageChangedAt: now } : {}),
    },
  });
  await recordPrepJobEvent(tx, updated, "prep_job.stage_changed", {
    now,
    extra: { trigger, actor: options.actor, from: { stage: job.stage, substage: job.substage } },
  });
  return updated;
}

export async function recordPrepJobEvent(
  tx: Prisma.TransactionClient,
  job: PrepJob,
  type: "prep_job.created" | "prep_job.stage_changed" | "prep_job.updated",
  options: { now: Date; extra?: Record<string, Prisma.InputJsonValue> },
): Promise<void> {
  await recordEvent(tx, {
    organisationId: job.organisationId,
    profileId: job.profileId,
    type,
    resourceType: "prep_job",
    resourceId: job.id,
    resourceVersion: job.version,
    occurredAt: options.now,
    payload: {
      id: job.id,
      prepSiteId: job.prepSiteId,
      stage: job.stage,
      substage: job.substage,
      ...options.extra,
    },
  });
}
