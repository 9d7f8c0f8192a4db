import { withApi } from "@/lib/http/with-api";
import { acceptMovementRequest } from "@/lib/movement-requests/operations/accept-movement-request";
import { acceptBody } from "@/lib/movement-requests/operations/schemas";
import { movementRequestParams } from "@/lib/movement-requests/schemas";

// POST /v1/operations/movement-requests/{requestId}/accept — the planning team, the 3PL or a driver takes the request on
export const POST = withApi(
  { scope: "operations", schemas: { params: movementRequestParams, body: acceptBody } },
  async ({ caller, params, body }) =>
    Response.json(await acceptMovementRequest(caller, params.requestId, body)),
);
