// GET /webhooks/endpoints (extension): the profile's endpoints, oldest first, without secrets.
import { kysely } from "@/lib/db";
import type { WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import type { ListWebhookEndpointsResponse } from "@/lib/webhooks/schemas";
import { toWebhookEndpointResponse } from "@/lib/webhooks/to-endpoint-response";

export async function listWebhookEndpoints(scope: WebhookScope): Promise<ListWebhookEndpointsResponse> {
  const endpoints = await kysely()
    .selectFrom("WebhookEndpoint")
    .selectAll()
    .where("profileId", "=", scope.profileId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return { data: endpoints.map(toWebhookEndpointResponse) };
}
