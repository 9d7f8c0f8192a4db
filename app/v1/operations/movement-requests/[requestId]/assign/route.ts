import { withApi } from "@/lib/http/with-api";
import { assignMovementRequest } from "@/lib/movement-requests/operations/assign-movement-request";
import { assignBody } from "@/lib/movement-requests/operations/schemas";
import { movementRequestParams } from "@/lib/movement-requests/schemas";

// POST /v1/operations/movement-requests/{requestId}/assign — plan with an own driver, offer to drivers, or send to a 3PL
export const POST = withApi(
  { scope: "operations", schemas: { params: movementRequestParams, body: assignBody } },
  async ({ caller, params, body }) =>
    Response.json(await assignMovementRequest(caller, params.requestId, body)),
);
