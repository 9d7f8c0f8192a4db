// POST /prep-jobs/{id}/work-items: a work item, PROPOSED, with its estimate priced at the prep site's
// labour rate, in the site's currency. Written with its history row and its event in one transaction.
import { transaction, type Kdb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { findReconJobOrThrow, type ReconJob } from "@/lib/recon/find-recon-job";
import { assertSiteCurrency, priceEstimate, totalCents } from "@/lib/recon/price-estimate";
import type { ReconActor } from "@/lib/recon/recon-actor";
import { reconSettingsFor } from "@/lib/recon/recon-settings";
import { recordStateChanges, recordWorkItemEvents } from "@/lib/recon/record-work-item-events";
import type { CreateWorkItemBody, EstimateLine, WorkItemResponse } from "@/lib/recon/schemas";
import { WORK_ITEM_INITIAL_STATE } from "@/lib/recon/work-item-transitions";

export async function createWorkItem(
  actor: ReconActor,
  prepJobId: string,
  body: CreateWorkItemBody,
  now: Date = new Date(),
): Promise<WorkItemResponse> {
  return transaction(async (tx) => {
    const job = await findReconJobOrThrow(tx, actor, prepJobId);
    return insertWorkItem(tx, actor, job, body, now);
  });
}

/**
 * The item, its estimate lines, its history row and its event, in the caller's transaction (an
 * inspection writes one per failed check in its own); the job was found within the actor's scope.
 */
export async function insertWorkItem(
  tx: Kdb,
  actor: ReconActor,
  job: ReconJob,
  body: CreateWorkItemBody,
  now: Date,
): Promise<WorkItemResponse> {
  const settings = await reconSettingsFor(tx, job.organisationId, job.prepSiteId);
  assertSiteCurrency(body.currency, settings);
  const lines = priceEstimate(body.estimate, settings);
  const item = await tx
    .insertInto("ReconWorkItem")
    .values({
      id: newId(),
      organisationId: job.organisationId,
      prepJobId: job.id,
      category: body.category,
      description: body.description,
      state: WORK_ITEM_INITIAL_STATE,
      currency: settings.currency,
      estimatedCents: totalCents(lines),
      createdBy: actor.actor,
      createdAt: now,
      updatedAt: now,
    })
    .returning(["id", "organisationId", "prepJobId"])
    .executeTakeFirstOrThrow();
  await insertEstimateLines(tx, item, lines);
  await recordStateChanges(tx, item, [{ from: null, to: WORK_ITEM_INITIAL_STATE, actor: actor.actor }], now);
  return recordWorkItemEvents(tx, job, {
    itemId: item.id,
    previousState: null,
    actor: actor.actor,
    at: now,
  });
}

export async function insertEstimateLines(
  tx: Kdb,
  item: { id: string; organisationId: string },
  lines: readonly EstimateLine[],
) {
  if (lines.length === 0) return;
  await tx
    .insertInto("ReconEstimateLine")
    .values(
      lines.map((line, position) => ({
        id: newId(),
        organisationId: item.organisationId,
        workItemId: item.id,
        position,
        kind: line.kind,
        description: line.description,
        amountCents: line.amountCents,
        hours: line.hours ?? null,
      })),
    )
    .execute();
}
