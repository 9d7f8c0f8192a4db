import { withApi } from "@/lib/http/with-api";
import { reconActorOfApiCaller } from "@/lib/recon/recon-actor";
import { transitionWorkItemBody, workItemParams } from "@/lib/recon/schemas";
import { changeWorkItemState } from "@/lib/recon/transition-work-item";

// POST /v1/operations/prep-jobs/{id}/work-items/{itemId}/transition — move a work item through its lifecycle
export const POST = withApi(
  { scope: "operations", schemas: { params: workItemParams, body: transitionWorkItemBody } },
  async ({ caller, params, body }) =>
    Response.json(
      await changeWorkItemState(
        reconActorOfApiCaller(caller),
        { prepJobId: params.id, itemId: params.itemId },
        body,
      ),
    ),
);
