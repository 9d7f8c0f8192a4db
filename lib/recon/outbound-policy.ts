// A prep job entering Outbound with work items open (not DONE or DECLINED) follows its prep site's
// policy (ReconSiteSettings.outboundWithOpenItems), in the transaction of the stage change:
// - ALLOW: it moves, nothing is recorded;
// - WARN_AND_RECORD (the default): it moves, and who moved it, when, and the open items are recorded
//   (ReconOutboundOverride); the board warns before the move, the record is the override;
// - BLOCK: a move someone makes is refused, 409 RECON_ITEMS_OPEN, nothing changes. A move an outbound
//   movement request makes is never refused (the vehicle is leaving: the specification's movement flow
//   stays as it is), and is recorded as an override instead.
import type { Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { PrepJob } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { reconSettingsFor } from "@/lib/recon/recon-settings";
import { CLOSED_WORK_ITEM_STATES } from "@/lib/recon/work-item-transitions";

export type OutboundMove = {
  /** The stage rule that moves the job (lib/prep-job-stages/stage-rules.ts). */
  trigger: string;
  actor: string;
  at: Date;
  /** False for a move the policy may not refuse (an outbound movement request's). */
  refusable: boolean;
};

export async function applyOutboundPolicy(
  tx: Kdb,
  job: Pick<PrepJob, "id" | "organisationId" | "prepSiteId">,
  move: OutboundMove,
): Promise<void> {
  const openItems = await tx
    .selectFrom("ReconWorkItem")
    .select(["id", "category", "description", "state"])
    .where("prepJobId", "=", job.id)
    .where("state", "not in", CLOSED_WORK_ITEM_STATES)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  if (openItems.length === 0) return;
  const { outboundWithOpenItems: policy } = await reconSettingsFor(tx, job.organisationId, job.prepSiteId);
  if (policy === "ALLOW") return;
  if (policy === "BLOCK" && move.refusable) {
    const named = openItems.map((item) => `${item.description} (${item.state})`).join(", ");
    throw new AppError(
      "RECON_ITEMS_OPEN",
      `This prep site does not let a job move to Outbound with work items open: ${named}.`,
    );
  }
  await tx
    .insertInto("ReconOutboundOverride")
    .values({
      id: newId(),
      organisationId: job.organisationId,
      prepJobId: job.id,
      prepSiteId: job.prepSiteId,
      policy,
      trigger: move.trigger,
      actor: move.actor,
      at: move.at,
      openItems: JSON.stringify(openItems),
    })
    .execute();
}
