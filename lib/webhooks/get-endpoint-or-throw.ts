// Loads a webhook endpoint of the caller's profile. Another profile's endpoint is "not found", exactly
// like one that does not exist (extensions section 1).
import type { ProfileScope } from "@/lib/auth/api-caller";
import { AppError } from "@/lib/errors/app-error";
import { asKysely } from "@/lib/db";
import type { Prisma, WebhookEndpoint } from "@/lib/generated/prisma/client";

/** Whose endpoints: an API caller's profile (an ApiCaller satisfies it). */
export type WebhookScope = ProfileScope;

export async function getWebhookEndpointOrThrow(
  tx: Prisma.TransactionClient,
  scope: WebhookScope,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookEndpoint> {
  if (options.forUpdate) {
    // Serialises concurrent changes of one endpoint for the rest of the transaction.
    await asKysely(tx).selectFrom("WebhookEndpoint").select("id").where("id", "=", id).forUpdate().execute();
  }
  const endpoint = await tx.webhookEndpoint.findFirst({ where: { id, profileId: scope.profileId } });
  if (!endpoint) throw new AppError("WEBHOOK_ENDPOINT_NOT_FOUND", `No webhook endpoint ${id} was found.`);
  return endpoint;
}
