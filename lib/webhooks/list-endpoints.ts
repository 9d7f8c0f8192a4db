// GET /webhooks/endpoints (extension): the profile's endpoints, oldest first, without secrets.
import { db } from "@/lib/db";
import type { WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import type { ListWebhookEndpointsResponse } from "@/lib/webhooks/schemas";
import { toWebhookEndpointResponse } from "@/lib/webhooks/to-endpoint-response";

export async function listWebhookEndpoints(scope: WebhookScope): Promise<ListWebhookEndpointsResponse> {
  const endpoints = await db().webhookEndpoint.findMany({
    where: { profileId: scope.profileId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return { data: endpoints.map(toWebhookEndpointResponse) };
}
