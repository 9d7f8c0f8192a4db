import { withApi } from "@/lib/http/with-api";
import { cancelMovementRequest } from "@/lib/movement-requests/cancel-movement-request";
import { movementRequestParams } from "@/lib/movement-requests/schemas";

// POST /v1/movement-requests/{requestId}/cancel — call a movement off before collection (extension)
export const POST = withApi(
  { scope: "integration", schemas: { params: movementRequestParams } },
  async ({ caller, params }) => Response.json(await cancelMovementRequest(caller, params.requestId)),
);
