// A work item's change, written in its transaction: the state-change history row (when it moved), the
// `prep_job.work_item_changed` event and, when its estimate went to the approvers, the
// `prep_job.estimate_awaiting_approval` event with the approvers' e-mails. Both events are opt-in
// webhooks (lib/events/record-event.ts fans them out to the endpoints that name them).
import type { Kdb } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import type { ReconWorkItem, WorkItemState } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import type { ReconJob } from "@/lib/recon/find-recon-job";
import { notifyApprovers } from "@/lib/recon/notify-approvers";
import {
  buildEstimateAwaitingApprovalEnvelope,
  buildWorkItemChangedEnvelope,
  ESTIMATE_AWAITING_APPROVAL_EVENT,
  prepJobRefOf,
  WORK_ITEM_CHANGED_EVENT,
} from "@/lib/recon/webhook-envelopes";
import { readWorkItem, readWorkItems } from "@/lib/recon/work-item-view";
import type { WorkItemResponse } from "@/lib/recon/schemas";
import { WORK_ITEM_TRANSITIONS } from "@/lib/recon/work-item-transitions";

export type StateChange = { from: WorkItemState | null; to: WorkItemState; actor: string };

/** The history rows of one change (a submission that is auto-approved makes two, in order). */
export async function recordStateChanges(
  tx: Kdb,
  item: Pick<ReconWorkItem, "id" | "organisationId" | "prepJobId">,
  changes: readonly StateChange[],
  at: Date,
): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insertInto("ReconWorkItemStateChange")
    .values(
      changes.map((change, index) => ({
        id: newId(),
        workItemId: item.id,
        organisationId: item.organisationId,
        prepJobId: item.prepJobId,
        fromState: change.from,
        toState: change.to,
        actor: change.actor,
        // A millisecond apart, so that their order survives sorting by time.
        at: new Date(at.getTime() + index),
      })),
    )
    .execute();
}

/**
 * The events of an item just written (at its new version), and the approvers' e-mails when it awaits
 * them. previousState: its state before a move; null when it was created or edited.
 */
export async function recordWorkItemEvents(
  tx: Kdb,
  job: ReconJob,
  change: { itemId: string; previousState: WorkItemState | null; actor: string; at: Date },
): Promise<WorkItemResponse> {
  const workItem = await readWorkItem(tx, change.itemId);
  const site = job.prepSiteId
    ? await tx
        .selectFrom("Site")
        .select(["timezone", "countryCode"])
        .where("id", "=", job.prepSiteId)
        .executeTakeFirst()
    : undefined;
  const common = {
    occurredAt: change.at,
    timeZone: site ? resolveSiteTimeZone(site) : null,
    prepJob: prepJobRefOf(job),
    workItem,
  };
  const base = {
    organisationId: job.organisationId,
    profileId: job.profileId,
    resourceType: "work_item" as const,
    resourceId: workItem.id,
    resourceVersion: workItem.version,
    occurredAt: change.at,
    payload: {
      id: workItem.id,
      prepJobId: job.id,
      prepSiteId: job.prepSiteId,
      state: workItem.state,
      previousState: change.previousState,
      actor: change.actor,
    },
  };
  const changedId = newId();
  await recordEvent(tx, {
    ...base,
    id: changedId,
    type: WORK_ITEM_CHANGED_EVENT,
    envelope: buildWorkItemChangedEnvelope({
      ...common,
      eventId: changedId,
      previousState: change.previousState,
    }),
  });
  // Submitted and not approved at once: it waits for an approver (an edit, with no previous state, does not
  // announce it again).
  if (change.previousState !== null && workItem.state === WORK_ITEM_TRANSITIONS.submit.to) {
    const awaitingApproval = (await readWorkItems(tx, { prepJobId: job.id })).filter(
      (item) => item.state === WORK_ITEM_TRANSITIONS.submit.to,
    );
    const awaitingId = newId();
    await recordEvent(tx, {
      ...base,
      id: awaitingId,
      type: ESTIMATE_AWAITING_APPROVAL_EVENT,
      envelope: buildEstimateAwaitingApprovalEnvelope({ ...common, eventId: awaitingId, awaitingApproval }),
    });
    await notifyApprovers(tx, job, { workItem, awaitingApproval, at: change.at });
  }
  return workItem;
}
