import { withApi } from "@/lib/http/with-api";
import { reconActorOfApiCaller } from "@/lib/recon/recon-actor";
import { updateWorkItemBody, workItemParams } from "@/lib/recon/schemas";
import { updateWorkItem } from "@/lib/recon/update-work-item";

// PATCH /v1/prep-jobs/{id}/work-items/{itemId} — edit a work item and its estimate (extension)
export const PATCH = withApi(
  { scope: "integration", schemas: { params: workItemParams, body: updateWorkItemBody } },
  async ({ caller, params, body }) =>
    Response.json(
      await updateWorkItem(
        reconActorOfApiCaller(caller),
        { prepJobId: params.id, itemId: params.itemId },
        body,
      ),
    ),
);
