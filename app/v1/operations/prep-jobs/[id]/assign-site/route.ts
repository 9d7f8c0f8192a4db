import { withApi } from "@/lib/http/with-api";
import { assignPrepSite } from "@/lib/prep-jobs/assign-prep-site";
import { assignPrepSiteBody, prepJobParams } from "@/lib/prep-jobs/schemas";

// POST /v1/operations/prep-jobs/{id}/assign-site — a parked job gets its prep site and its inbound movement
export const POST = withApi(
  { scope: "operations", schemas: { params: prepJobParams, body: assignPrepSiteBody } },
  async ({ caller, params, body }) => Response.json(await assignPrepSite(caller, params.id, body)),
);
