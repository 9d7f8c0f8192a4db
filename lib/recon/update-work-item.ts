// PATCH /prep-jobs/{id}/work-items/{itemId}: edit an item's category and description (while it is
// open) and replace its estimate (until it is approved or declined: an approval is of the estimate the
// approver saw). An older `version` is 409 VERSION_CONFLICT; nothing changes on any refusal.
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { insertEstimateLines } from "@/lib/recon/create-work-item";
import { assertVersion, findWorkItemForUpdateOrThrow } from "@/lib/recon/find-recon-job";
import { priceEstimate, totalCents } from "@/lib/recon/price-estimate";
import type { ReconActor } from "@/lib/recon/recon-actor";
import { reconSettingsFor } from "@/lib/recon/recon-settings";
import { recordWorkItemEvents } from "@/lib/recon/record-work-item-events";
import type { UpdateWorkItemBody, WorkItemResponse } from "@/lib/recon/schemas";
import { ESTIMATE_EDITABLE_STATES, isOpenWorkItem } from "@/lib/recon/work-item-transitions";

export async function updateWorkItem(
  actor: ReconActor,
  ref: { prepJobId: string; itemId: string },
  body: UpdateWorkItemBody,
  now: Date = new Date(),
): Promise<WorkItemResponse> {
  return transaction(async (tx) => {
    const { job, item } = await findWorkItemForUpdateOrThrow(tx, actor, ref);
    assertVersion(item, body.version);
    if (!isOpenWorkItem(item.state)) {
      throw new AppError(
        "INVALID_STATUS_TRANSITION",
        `A work item that is ${item.state} can no longer be edited.`,
      );
    }
    if (body.estimate !== undefined && !ESTIMATE_EDITABLE_STATES.includes(item.state)) {
      throw new AppError(
        "INVALID_STATUS_TRANSITION",
        `The estimate of a work item that is ${item.state} is fixed: it was decided on as it stands.`,
      );
    }
    const lines = body.estimate
      ? priceEstimate(body.estimate, await reconSettingsFor(tx, job.organisationId, job.prepSiteId))
      : undefined;
    await tx
      .updateTable("ReconWorkItem")
      .set((eb) => ({
        ...(body.category === undefined ? {} : { category: body.category }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(lines ? { estimatedCents: totalCents(lines) } : {}),
        version: eb("version", "+", 1),
        updatedAt: now,
      }))
      .where("id", "=", item.id)
      .execute();
    if (lines) {
      await tx.deleteFrom("ReconEstimateLine").where("workItemId", "=", item.id).execute();
      await insertEstimateLines(tx, { id: item.id, organisationId: job.organisationId }, lines);
    }
    return recordWorkItemEvents(tx, job, {
      itemId: item.id,
      previousState: null,
      actor: actor.actor,
      at: now,
    });
  });
}
