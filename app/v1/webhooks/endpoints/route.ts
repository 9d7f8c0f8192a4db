import { withApi } from "@/lib/http/with-api";
import { createWebhookEndpoint } from "@/lib/webhooks/create-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/list-endpoints";
import { createWebhookEndpointBody } from "@/lib/webhooks/schemas";

// GET /v1/webhooks/endpoints — the profile's webhook endpoints, without secrets (extension)
export const GET = withApi({ scope: "integration" }, async ({ caller }) =>
  Response.json(await listWebhookEndpoints(caller)),
);

// POST /v1/webhooks/endpoints — register an endpoint; the response shows its secret, once (extension)
export const POST = withApi(
  { scope: "integration", schemas: { body: createWebhookEndpointBody } },
  async ({ caller, body }) => Response.json(await createWebhookEndpoint(caller, body), { status: 201 }),
);
