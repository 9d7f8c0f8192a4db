import { withApi } from "@/lib/http/with-api";
import { markAborted } from "@/lib/movement-requests/operations/mark-aborted";
import { abortedBody } from "@/lib/movement-requests/operations/schemas";
import { movementRequestParams } from "@/lib/movement-requests/schemas";

// POST /v1/operations/movement-requests/{requestId}/aborted — the movement is abandoned; publishes movement.aborted per open leg
export const POST = withApi(
  { scope: "operations", schemas: { params: movementRequestParams, body: abortedBody } },
  async ({ caller, params, body }) => Response.json(await markAborted(caller, params.requestId, body)),
);
