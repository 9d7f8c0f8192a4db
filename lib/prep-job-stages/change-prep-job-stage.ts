// Every stage change of a prep job goes through here: the rule decides the new position, and the
// change, its new version and its event are written together. Entering Outbound with reconditioning
// work open follows the prep site's policy first (lib/recon/outbound-policy.ts).
import type { DB, Kdb, Updateable } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import type { Prisma, PrepJob } from "@/lib/generated/prisma/client";
import { applyRule, type PrepJobTrigger } from "@/lib/prep-job-stages/stage-rules";
import { applyOutboundPolicy } from "@/lib/recon/outbound-policy";

export async function changePrepJobStage(
  tx: Kdb,
  job: PrepJob,
  trigger: PrepJobTrigger,
  options: { actor: string; now?: Date; data?: Pick<Updateable<DB["PrepJob"]>, "prepSiteId"> },
): Promise<PrepJob> {
  const now = options.now ?? new Date();
  const to = applyRule(trigger, job);
  const stageChanged = to.stage !== job.stage;
  if (stageChanged && to.stage === "OUTBOUND") {
    await applyOutboundPolicy(tx, job, {
      trigger,
      actor: options.actor,
      at: now,
      // An outbound movement request takes the vehicle away: the policy records it, never refuses it.
      refusable: trigger !== "outboundMovementCreated",
    });
  }
  // Kysely: the create, cancel and delivery paths run it, and an ORM update costs ~1 ms of CPU to
  // compile (docs/performance.md). updatedAt is set here, as Prisma's @updatedAt would.
  const updated: PrepJob = await tx
    .updateTable("PrepJob")
    .set((eb) => ({
      ...options.data,
      stage: to.stage,
      substage: to.substage,
      version: eb("version", "+", 1),
      updatedAt: now,
      // "Time in stage" counts from the last stage change, not from any update.
      ...(stageChanged ? { stageChangedAt: now } : {}),
    }))
    .where("id", "=", job.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordPrepJobEvent(tx, updated, "prep_job.stage_changed", {
    now,
    extra: { trigger, actor: options.actor, from: { stage: job.stage, substage: job.substage } },
  });
  return updated;
}

export async function recordPrepJobEvent(
  tx: Kdb,
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
