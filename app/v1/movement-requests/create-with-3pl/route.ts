import { withApi } from "@/lib/http/with-api";
import { createWithThirdPartyLogistics } from "@/lib/movement-requests/create-movement-request";
import { createWithThirdPartyLogisticsBody } from "@/lib/movement-requests/schemas";

// POST /v1/movement-requests/create-with-3pl — a movement request dispatched straight to a configured 3PL
export const POST = withApi(
  { scope: "integration", schemas: { body: createWithThirdPartyLogisticsBody } },
  async ({ caller, body }) =>
    Response.json(await createWithThirdPartyLogistics(caller, body), { status: 201 }),
);
