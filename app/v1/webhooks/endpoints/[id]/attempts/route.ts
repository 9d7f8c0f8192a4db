import { withApi } from "@/lib/http/with-api";
import { listWebhookAttempts } from "@/lib/webhooks/list-attempts";
import { listWebhookAttemptsQuery, webhookEndpointParams } from "@/lib/webhooks/schemas";

// GET /v1/webhooks/endpoints/{id}/attempts — delivery attempts, newest first, cursor-paginated (extension)
export const GET = withApi(
  { scope: "integration", schemas: { params: webhookEndpointParams, query: listWebhookAttemptsQuery } },
  async ({ caller, params, query }) => Response.json(await listWebhookAttempts(caller, params.id, query)),
);
