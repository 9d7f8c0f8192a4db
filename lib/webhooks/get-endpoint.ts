// GET /webhooks/endpoints/{id} (extension): one endpoint of the profile, without secrets.
import { kysely } from "@/lib/db";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import type { WebhookEndpointResponse } from "@/lib/webhooks/schemas";
import { toWebhookEndpointResponse } from "@/lib/webhooks/to-endpoint-response";

export async function getWebhookEndpoint(scope: WebhookScope, id: string): Promise<WebhookEndpointResponse> {
  return toWebhookEndpointResponse(await getWebhookEndpointOrThrow(kysely(), scope, id));
}
