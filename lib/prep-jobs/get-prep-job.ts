// GET /prep-jobs/{id} (extension).
import { kysely } from "@/lib/db";
import { getPrepJobOrThrow, type PrepJobScope } from "@/lib/prep-jobs/get-prep-job-or-throw";
import type { PrepJobResponse } from "@/lib/prep-jobs/schemas";
import { readPrepJobResponse } from "@/lib/prep-jobs/to-prep-job-response";

export async function getPrepJob(scope: PrepJobScope, id: string): Promise<PrepJobResponse> {
  return readPrepJobResponse(kysely(), await getPrepJobOrThrow(kysely(), scope, id));
}
