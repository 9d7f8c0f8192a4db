// Loads a webhook endpoint of the caller's profile. Another profile's endpoint is "not found", exactly
// like one that does not exist (extensions section 1).
import type { ProfileScope } from "@/lib/auth/api-caller";
import { AppError } from "@/lib/errors/app-error";
import type { Kdb } from "@/lib/db";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";

/** Whose endpoints: an API caller's profile (an ApiCaller satisfies it). */
export type WebhookScope = ProfileScope;

export async function getWebhookEndpointOrThrow(
  tx: Kdb,
  scope: WebhookScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookEndpoint> {
  const query = tx
    .selectFrom("WebhookEndpoint")
    .selectAll()
    .where("id", "=", id)
    .where("profileId", "=", scope.profileId);
  // Serialises concurrent changes of one endpoint for the rest of the transaction.
  const endpoint = await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  if (!endpoint) throw new AppError("WEBHOOK_ENDPOINT_NOT_FOUND", `No webhook endpoint ${id} was found.`);
  return endpoint;
}
