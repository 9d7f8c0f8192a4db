import { withApi } from "@/lib/http/with-api";
import { markDelivered } from "@/lib/movement-requests/operations/mark-delivered";
import { deliveredBody } from "@/lib/movement-requests/operations/schemas";
import { movementRequestParams } from "@/lib/movement-requests/schemas";

// POST /v1/operations/movement-requests/{requestId}/delivered — the leg in progress is delivered; publishes movement.delivered
export const POST = withApi(
  { scope: "operations", schemas: { params: movementRequestParams, body: deliveredBody } },
  async ({ caller, params, body }) => Response.json(await markDelivered(caller, params.requestId, body)),
);
