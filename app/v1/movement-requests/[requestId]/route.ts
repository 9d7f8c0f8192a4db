import { withApi } from "@/lib/http/with-api";
import { getMovementRequest } from "@/lib/movement-requests/get-movement-request";
import { movementRequestParams, updateMovementRequestBody } from "@/lib/movement-requests/schemas";
import { updateMovementRequest } from "@/lib/movement-requests/update-movement-request";

// GET /v1/movement-requests/{requestId} — the current state of a movement request
export const GET = withApi(
  { scope: "integration", schemas: { params: movementRequestParams } },
  async ({ caller, params }) => Response.json(await getMovementRequest(caller, params.requestId)),
);

// PATCH /v1/movement-requests/{requestId} — change selected details; omitted properties stay as they are
export const PATCH = withApi(
  { scope: "integration", schemas: { params: movementRequestParams, body: updateMovementRequestBody } },
  async ({ caller, params, body }) =>
    Response.json(await updateMovementRequest(caller, params.requestId, body)),
);
