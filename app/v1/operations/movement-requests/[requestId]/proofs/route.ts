import { withApi } from "@/lib/http/with-api";
import { movementRequestParams } from "@/lib/movement-requests/schemas";
import { listRequestProofs } from "@/lib/movement-requests/list-request-proofs";

// GET /v1/operations/movement-requests/{requestId}/proofs — the carriers' proofs of collection and delivery
export const GET = withApi(
  { scope: "operations", schemas: { params: movementRequestParams } },
  async ({ caller, params }) => Response.json(await listRequestProofs(caller, params.requestId)),
);
