import { withApi } from "@/lib/http/with-api";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-secret";
import { webhookEndpointParams } from "@/lib/webhooks/schemas";

// POST /v1/webhooks/endpoints/{id}/rotate-secret — a new secret; the old one signs beside it for 24 h (extension)
export const POST = withApi(
  { scope: "integration", schemas: { params: webhookEndpointParams } },
  async ({ caller, params }) => Response.json(await rotateWebhookSecret(caller, params.id)),
);
