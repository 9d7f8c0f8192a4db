// GET /prep-jobs/{id}/work-items: the job's work items, oldest first (a job has a handful: no pages).
import { kysely } from "@/lib/db";
import { findReconJobOrThrow, type ReconScope } from "@/lib/recon/find-recon-job";
import type { WorkItemList } from "@/lib/recon/schemas";
import { readWorkItems } from "@/lib/recon/work-item-view";

export async function listWorkItems(scope: ReconScope, prepJobId: string): Promise<WorkItemList> {
  const job = await findReconJobOrThrow(kysely(), scope, prepJobId);
  return { data: await readWorkItems(kysely(), { prepJobId: job.id }) };
}
