import { withApi } from "@/lib/http/with-api";
import { recordFinalPrice } from "@/lib/movement-requests/operations/record-final-price";
import { finalPriceBody } from "@/lib/movement-requests/operations/schemas";
import { movementRequestParams } from "@/lib/movement-requests/schemas";

// POST /v1/operations/movement-requests/{requestId}/price — the carrier's final price becomes `cost`
export const POST = withApi(
  { scope: "operations", schemas: { params: movementRequestParams, body: finalPriceBody } },
  async ({ caller, params, body }) => Response.json(await recordFinalPrice(caller, params.requestId, body)),
);
