import { withApi } from "@/lib/http/with-api";
import { createWorkItem } from "@/lib/recon/create-work-item";
import { listWorkItems } from "@/lib/recon/list-work-items";
import { reconActorOfApiCaller } from "@/lib/recon/recon-actor";
import { createWorkItemBody } from "@/lib/recon/schemas";
import { prepJobParams } from "@/lib/prep-jobs/schemas";

// GET /v1/prep-jobs/{id}/work-items — the job's reconditioning work items, oldest first (extension)
export const GET = withApi(
  { scope: "integration", schemas: { params: prepJobParams } },
  async ({ caller, params }) => Response.json(await listWorkItems(caller, params.id)),
);

// POST /v1/prep-jobs/{id}/work-items — propose a work item with its estimate (extension)
export const POST = withApi(
  { scope: "integration", schemas: { params: prepJobParams, body: createWorkItemBody } },
  async ({ caller, params, body }) =>
    Response.json(await createWorkItem(reconActorOfApiCaller(caller), params.id, body), { status: 201 }),
);
