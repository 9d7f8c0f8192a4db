// POST /webhooks/endpoints (extension): registers an endpoint of the caller's profile, with its first
// signing secret — returned here in clear, and never again (only a rotation shows a new one).
import { transaction } from "@/lib/db";
import { newId } from "@/lib/ids";
import { type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import type { CreatedWebhookEndpointResponse, CreateWebhookEndpointBody } from "@/lib/webhooks/schemas";
import { addEndpointSecret } from "@/lib/webhooks/secrets";
import { assertWebhookUrlAllowed, type SsrfGuardOptions } from "@/lib/webhooks/ssrf-guard";
import { toWebhookEndpointResponse } from "@/lib/webhooks/to-endpoint-response";

export async function createWebhookEndpoint(
  scope: WebhookScope,
  body: CreateWebhookEndpointBody,
  guard: SsrfGuardOptions = {},
): Promise<CreatedWebhookEndpointResponse> {
  // Before the transaction: DNS may take a while, and holds no lock.
  await assertWebhookUrlAllowed(body.url, guard);
  const now = new Date();
  return transaction(async (tx) => {
    const endpoint = await tx
      .insertInto("WebhookEndpoint")
      .values({
        id: newId(),
        // The profile's organisation, the row's tenant key (the scope names only the profile).
        organisationId: (eb) =>
          eb.selectFrom("Profile").select("organisationId").where("id", "=", scope.profileId),
        profileId: scope.profileId,
        // The parsed form the guard checked, so that delivery goes exactly where was allowed.
        url: new URL(body.url).href,
        description: body.description,
        eventTypes: body.eventTypes ?? [],
        createdAt: now,
        updatedAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const secret = await addEndpointSecret(tx, endpoint, now);
    return { ...toWebhookEndpointResponse(endpoint), secret };
  });
}
