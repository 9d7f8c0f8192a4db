import { withApi } from "@/lib/http/with-api";
import { deleteWebhookEndpoint } from "@/lib/webhooks/delete-endpoint";
import { getWebhookEndpoint } from "@/lib/webhooks/get-endpoint";
import { updateWebhookEndpointBody, webhookEndpointParams } from "@/lib/webhooks/schemas";
import { updateWebhookEndpoint } from "@/lib/webhooks/update-endpoint";

// GET /v1/webhooks/endpoints/{id} — one endpoint of the profile (extension)
export const GET = withApi(
  { scope: "integration", schemas: { params: webhookEndpointParams } },
  async ({ caller, params }) => Response.json(await getWebhookEndpoint(caller, params.id)),
);

// PATCH /v1/webhooks/endpoints/{id} — change url, description, eventTypes or enabled (extension)
export const PATCH = withApi(
  { scope: "integration", schemas: { params: webhookEndpointParams, body: updateWebhookEndpointBody } },
  async ({ caller, params, body }) => Response.json(await updateWebhookEndpoint(caller, params.id, body)),
);

// DELETE /v1/webhooks/endpoints/{id} — remove the endpoint; nothing more is sent to it (extension)
export const DELETE = withApi(
  { scope: "integration", schemas: { params: webhookEndpointParams } },
  async ({ caller, params }) => {
    await deleteWebhookEndpoint(caller, params.id);
    return new Response(null, { status: 204 });
  },
);
