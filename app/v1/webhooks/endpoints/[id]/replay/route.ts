import { withApi } from "@/lib/http/with-api";
import { replayWebhookEvents } from "@/lib/webhooks/replay-events";
import { replayWebhookEventsBody, webhookEndpointParams } from "@/lib/webhooks/schemas";

// POST /v1/webhooks/endpoints/{id}/replay — deliver the endpoint's events since an instant again (extension)
export const POST = withApi(
  { scope: "integration", schemas: { params: webhookEndpointParams, body: replayWebhookEventsBody } },
  async ({ caller, params, body }) =>
    Response.json(await replayWebhookEvents(caller, params.id, new Date(body.since)), { status: 202 }),
);
