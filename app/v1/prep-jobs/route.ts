import { withApi } from "@/lib/http/with-api";
import { listPrepJobs } from "@/lib/prep-jobs/list-prep-jobs";
import { listPrepJobsQuery } from "@/lib/prep-jobs/schemas";

// GET /v1/prep-jobs — the profile's prep jobs, newest first, filtered and cursor-paginated (extension)
export const GET = withApi(
  { scope: "integration", schemas: { query: listPrepJobsQuery } },
  async ({ caller, query }) => Response.json(await listPrepJobs(caller, query)),
);
