// POST /webhooks/endpoints/{id}/rotate-secret (extension): a new signing secret. Every secret that was
// active keeps signing beside the new one for 24 hours (one that already expires sooner keeps its
// expiry); expired secrets are removed.
import { transaction } from "@/lib/db";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import type { RotateWebhookSecretResponse } from "@/lib/webhooks/schemas";
import { addEndpointSecret, SECRET_OVERLAP_MS } from "@/lib/webhooks/secrets";

export async function rotateWebhookSecret(
  scope: WebhookScope,
  id: string,
  now = new Date(),
): Promise<RotateWebhookSecretResponse> {
  return transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, scope, id, { forUpdate: true });
    await tx.deleteFrom("WebhookSecret").where("endpointId", "=", id).where("expiresAt", "<=", now).execute();
    await tx
      .updateTable("WebhookSecret")
      .set({ expiresAt: new Date(now.getTime() + SECRET_OVERLAP_MS) })
      .where("endpointId", "=", id)
      .where("expiresAt", "is", null)
      .execute();
    return { secret: await addEndpointSecret(tx, endpoint, now) };
  });
}
