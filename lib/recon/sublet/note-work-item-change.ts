// A change to a work item beside its state and estimate (its vendor, the vendor's acceptance or price,
// a photo): its version goes up, and `prep_job.work_item_changed` is written in the transaction (as an
// edit: no previous state), so an open board and drawer hear it on the site's stream.
import type { Kdb } from "@/lib/db";
import type { ReconJob } from "@/lib/recon/find-recon-job";
import { recordWorkItemEvents } from "@/lib/recon/record-work-item-events";
import type { WorkItemResponse } from "@/lib/recon/schemas";

export async function noteWorkItemChange(
  tx: Kdb,
  job: ReconJob,
  change: { itemId: string; actor: string; at: Date },
): Promise<WorkItemResponse> {
  await tx
    .updateTable("ReconWorkItem")
    .set((eb) => ({ version: eb("version", "+", 1), updatedAt: change.at }))
    .where("id", "=", change.itemId)
    .where("organisationId", "=", job.organisationId)
    .execute();
  return recordWorkItemEvents(tx, job, { ...change, previousState: null });
}
