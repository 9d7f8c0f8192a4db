import { withApi } from "@/lib/http/with-api";
import { markPrepJobAppraised } from "@/lib/prep-jobs/mark-prep-job-appraised";
import { prepJobLookupQuery } from "@/lib/prep-jobs/schemas";

// PATCH /v1/prep-jobs/appraised?vin=…&vrm=… — the job found by vin (or else vrm) moves to APPRAISED
export const PATCH = withApi(
  { scope: "integration", schemas: { query: prepJobLookupQuery } },
  async ({ caller, query }) => Response.json(await markPrepJobAppraised(caller, query)),
);
