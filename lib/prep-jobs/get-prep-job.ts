// GET /prep-jobs/{id} (extension): the job's body, with its reconditioning summary (issue 37).
import { getPrepJobOrThrow, type PrepJobScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import type { PrepJobDetailResponse } from "@/lib/prep-jobs/schemas";
import { readPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";
import { readKysely } from "@/lib/read-replicas/read-kysely";
import { reconSummary } from "@/lib/recon/recon-summary";

export async function getPrepJob(scope: PrepJobScope, id: string): Promise<PrepJobDetailResponse> {
  const kdb = await readKysely();
  const job = await getPrepJobOrThrow(kdb, scope, id);
  const [body, recon] = await Promise.all([readPrepJobResponse(kdb, job), reconSummary(kdb, job)]);
  return { ...body, recon };
}
