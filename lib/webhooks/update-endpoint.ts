// PATCH /webhooks/endpoints/{id} (extension): url (checked again by the SSRF guard), description,
// eventTypes, enabled. Disabling keeps the pending deliveries waiting; enabling clears the disabled
// state and the failure run, and makes the waiting deliveries due at once.
import { kysely, transaction, type DB, type Updateable } from "@/lib/db";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import type { UpdateWebhookEndpointBody, WebhookEndpointResponse } from "@/lib/webhooks/schemas";
import { assertWebhookUrlAllowed, type SsrfGuardOptions } from "@/lib/webhooks/ssrf-guard";
import { toWebhookEndpointResponse } from "@/lib/webhooks/to-endpoint-response";

export const MANUALLY_DISABLED_REASON = "Disabled through the API.";

export async function updateWebhookEndpoint(
  scope: WebhookScope,
  id: string,
  body: UpdateWebhookEndpointBody,
  guard: SsrfGuardOptions = {},
): Promise<WebhookEndpointResponse> {
  // An unknown endpoint is a 404 before anything is said about its new URL.
  await getWebhookEndpointOrThrow(kysely(), scope, id);
  if (body.url !== undefined) await assertWebhookUrlAllowed(body.url, guard);
  const now = new Date();
  return transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, scope, id, { forUpdate: true });
    const data: Updateable<DB["WebhookEndpoint"]> = {
      updatedAt: now,
      ...(body.url !== undefined ? { url: new URL(body.url).href } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.eventTypes !== undefined ? { eventTypes: body.eventTypes } : {}),
    };
    if (body.enabled === false && endpoint.enabled) {
      Object.assign(data, { enabled: false, disabledAt: now, disabledReason: MANUALLY_DISABLED_REASON });
    }
    if (body.enabled === true && !endpoint.enabled) {
      Object.assign(data, { enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
      await tx
        .updateTable("WebhookDelivery")
        .set({ nextAttemptAt: now })
        .where("endpointId", "=", id)
        .where("status", "=", "PENDING")
        .where("nextAttemptAt", ">", now)
        .execute();
    }
    const updated = await tx
      .updateTable("WebhookEndpoint")
      .set(data)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toWebhookEndpointResponse(updated);
  });
}
