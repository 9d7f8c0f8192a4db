// DELETE /webhooks/endpoints/{id} (extension): the endpoint goes with its secrets, deliveries and
// attempts; nothing more is sent to it.
import { transaction } from "@/lib/db";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";

export async function deleteWebhookEndpoint(scope: WebhookScope, id: string): Promise<void> {
  await transaction(async (tx) => {
    await getWebhookEndpointOrThrow(tx, scope, id, { forUpdate: true });
    await tx.deleteFrom("WebhookEndpoint").where("id", "=", id).execute();
  });
}
