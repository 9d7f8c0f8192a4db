// GET /prep-jobs/{id} (extension): the job's body, with its reconditioning summary (issue 37).
import { kysely } from "@/lib/db";
import { getPrepJobOrThrow, type PrepJobScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import type { PrepJobDetailResponse } from "@/lib/prep-jobs/schemas";
import { readPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";
import { reconSummary } from "@/lib/recon/recon-summary";

export async function getPrepJob(scope: PrepJobScope, id: string): Promise<PrepJobDetailResponse> {
  const job = await getPrepJobOrThrow(kysely(), scope, id);
  const [body, recon] = await Promise.all([readPrepJobResponse(kysely(), job), reconSummary(kysely(), job)]);
  return { ...body, recon };
}
