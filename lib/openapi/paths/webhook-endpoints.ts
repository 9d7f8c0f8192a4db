// /webhooks/endpoints: register and manage the endpoints that receive the webhook events (integration
// scope, extensions section 5).
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { TAGS, op, type EndpointDefinition } from "@/lib/openapi/operation";
import {
  createWebhookEndpointBody,
  createdWebhookEndpointSchema,
  listWebhookAttemptsQuery,
  listWebhookAttemptsResponse,
  listWebhookEndpointsResponse,
  replayWebhookEventsBody,
  replayWebhookEventsResponse,
  rotateWebhookSecretResponse,
  updateWebhookEndpointBody,
  webhookEndpointParams,
  webhookEndpointSchema,
} from "@/lib/webhooks/schemas";

const WEBHOOK_ENDPOINT_ID = "01JD6ZB1C2D3E4F5G6H7J8K9MN";

const endpoint = {
  tag: TAGS.webhooks,
  scope: "integration",
  extension: true,
} as const satisfies Partial<EndpointDefinition>;

const oneEndpoint = {
  ...endpoint,
  params: webhookEndpointParams,
  paramsExample: { id: WEBHOOK_ENDPOINT_ID },
} as const satisfies Partial<EndpointDefinition>;

const exampleEndpoint = {
  id: WEBHOOK_ENDPOINT_ID,
  url: "https://dms.example.com/hooks/vehicle-movements",
  description: "Stock system",
  eventTypes: ["movement.collected", "movement.delivered"],
  enabled: true,
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-20T08:00:00.000Z",
};

const URL_RULES =
  "The URL must be `https`; URLs resolving to private, loopback or link-local addresses are refused, " +
  "at registration and at delivery time.";

export const webhookEndpointPaths: ZodOpenApiPathsObject = {
  "/webhooks/endpoints": {
    get: op.get({
      ...endpoint,
      operationId: "listWebhookEndpoints",
      summary: "List webhook endpoints",
      description: "Your profile's webhook endpoints. Secrets are never listed.",
      success: {
        status: 200,
        description: "The endpoints.",
        schema: listWebhookEndpointsResponse,
        example: { data: [exampleEndpoint] },
      },
    }),
    post: op.post({
      ...endpoint,
      operationId: "createWebhookEndpoint",
      summary: "Register a webhook endpoint",
      description:
        "Registers an endpoint that receives the event types listed in `eventTypes` (empty or omitted: all, " +
        "including future ones). The response carries the signing `secret`, shown this once: store it to " +
        `verify \`hook-signature\`. ${URL_RULES}`,
      body: createWebhookEndpointBody,
      bodyExample: {
        url: exampleEndpoint.url,
        description: exampleEndpoint.description,
        eventTypes: exampleEndpoint.eventTypes,
      },
      success: {
        status: 201,
        description: "The endpoint, with its secret.",
        schema: createdWebhookEndpointSchema,
        example: { ...exampleEndpoint, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw6Mb+pMX9eSw=" },
      },
    }),
  },
  "/webhooks/endpoints/{id}": {
    get: op.get({
      ...oneEndpoint,
      operationId: "getWebhookEndpoint",
      summary: "Retrieve a webhook endpoint",
      success: {
        status: 200,
        description: "The endpoint, without its secret.",
        schema: webhookEndpointSchema,
        example: exampleEndpoint,
      },
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
    }),
    patch: op.patch({
      ...oneEndpoint,
      operationId: "updateWebhookEndpoint",
      summary: "Update a webhook endpoint",
      description:
        "Changes `url`, `description`, `eventTypes` or `enabled`; an omitted field is left unchanged. " +
        "`enabled: false` holds deliveries back; `enabled: true` resumes what is still pending, also for " +
        `an endpoint disabled after sustained failure. ${URL_RULES}`,
      body: updateWebhookEndpointBody,
      bodyExample: { enabled: true },
      success: { status: 200, description: "The updated endpoint.", schema: webhookEndpointSchema },
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
    }),
    delete: op.delete({
      ...oneEndpoint,
      operationId: "deleteWebhookEndpoint",
      summary: "Delete a webhook endpoint",
      description: "Removes the endpoint: nothing more is sent to it.",
      success: { status: 204, description: "Deleted." },
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
    }),
  },
  "/webhooks/endpoints/{id}/rotate-secret": {
    post: op.post({
      ...oneEndpoint,
      operationId: "rotateWebhookSecret",
      summary: "Rotate a webhook endpoint's secret",
      description:
        "Issues a new signing secret. The previous one keeps signing beside it for 24 hours (so " +
        "`hook-signature` carries two entries), which leaves time to deploy the new one.",
      success: {
        status: 200,
        description: "The new secret, shown this once.",
        schema: rotateWebhookSecretResponse,
      },
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
    }),
  },
  "/webhooks/endpoints/{id}/attempts": {
    get: op.get({
      ...oneEndpoint,
      operationId: "listWebhookAttempts",
      summary: "List delivery attempts",
      description:
        "The endpoint's delivery attempts, newest first, with the status and the start of the body your " +
        "endpoint answered. Cursor-paginated: pass `nextCursor` as `cursor`; it is `null` on the last page.",
      query: listWebhookAttemptsQuery,
      queryExample: { limit: "20" },
      success: { status: 200, description: "One page of attempts.", schema: listWebhookAttemptsResponse },
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND"],
    }),
  },
  "/webhooks/endpoints/{id}/replay": {
    post: op.post({
      ...oneEndpoint,
      operationId: "replayWebhookEvents",
      summary: "Redeliver events to an endpoint",
      description:
        "Queues the endpoint's events that occurred at or after `since` (of the types it subscribes to, " +
        "within your plan's retention) for delivery again, oldest first. Redeliveries carry the original " +
        "`eventId`. A `since` in a month the storage retention has archived is `410 EVENTS_ARCHIVED`.",
      body: replayWebhookEventsBody,
      bodyExample: { since: "2026-11-21T00:00:00Z" },
      success: {
        status: 202,
        description: "The events are queued.",
        schema: replayWebhookEventsResponse,
        example: { replayed: 12 },
      },
      errors: ["WEBHOOK_ENDPOINT_NOT_FOUND", "EVENTS_ARCHIVED"],
    }),
  },
};
