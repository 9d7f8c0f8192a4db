import { withApi } from "@/lib/http/with-api";
import { movementRequestParams } from "@/lib/movement-requests/schemas";
import { recordPositions } from "@/lib/positions/record-positions";
import { positionsBody } from "@/lib/positions/schemas";

// POST /v1/operations/movement-requests/{requestId}/positions — where the vehicle on the road is (issue #35 §2)
export const POST = withApi(
  { scope: "operations", schemas: { params: movementRequestParams, body: positionsBody } },
  async ({ caller, params, body }) =>
    Response.json(await recordPositions(caller, params.requestId, body), { status: 202 }),
);
