import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { SubscribableEventType } from "@/lib/events/movement-envelope";
import type { WebhookEndpointResponse } from "@/lib/webhooks/schemas";

/** The API body of an endpoint: never its secrets. */
export function toWebhookEndpointResponse(endpoint: WebhookEndpoint): WebhookEndpointResponse {
  return {
    id: endpoint.id,
    url: endpoint.url,
    ...(endpoint.description !== null ? { description: endpoint.description } : {}),
    eventTypes: endpoint.eventTypes as SubscribableEventType[],
    enabled: endpoint.enabled,
    ...(endpoint.disabledAt ? { disabledAt: endpoint.disabledAt.toISOString() } : {}),
    ...(endpoint.disabledReason !== null ? { disabledReason: endpoint.disabledReason } : {}),
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}
