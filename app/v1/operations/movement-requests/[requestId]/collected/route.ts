import { withApi } from "@/lib/http/with-api";
import { markCollected } from "@/lib/movement-requests/operations/mark-collected";
import { collectedBody } from "@/lib/movement-requests/operations/schemas";
import { movementRequestParams } from "@/lib/movement-requests/schemas";

// POST /v1/operations/movement-requests/{requestId}/collected — a leg is collected; publishes movement.collected
export const POST = withApi(
  { scope: "operations", schemas: { params: movementRequestParams, body: collectedBody } },
  async ({ caller, params, body }) => Response.json(await markCollected(caller, params.requestId, body)),
);
