// GET /webhooks/endpoints/{id}/attempts (extension): the endpoint's delivery attempts, newest first,
// keyset-paginated on (attemptedAt desc, id desc) so that pages stay stable while attempts are added.
import { readKysely } from "@/lib/read-replicas/read-kysely";
import type { SubscribableEventType } from "@/lib/events/movement-envelope";
import { encodeKeysetCursor, type KeysetCursor } from "@/lib/http/keyset-cursor";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import { ATTEMPTS_PAGE_DEFAULT, type ListWebhookAttemptsResponse } from "@/lib/webhooks/schemas";

export async function listWebhookAttempts(
  scope: WebhookScope,
  id: string,
  page: { cursor?: KeysetCursor; limit?: number },
): Promise<ListWebhookAttemptsResponse> {
  const limit = page.limit ?? ATTEMPTS_PAGE_DEFAULT;
  const kdb = await readKysely();
  await getWebhookEndpointOrThrow(kdb, scope, id);
  let query = kdb
    .selectFrom("WebhookAttempt as attempt")
    .innerJoin("WebhookDelivery as delivery", "delivery.id", "attempt.deliveryId")
    .innerJoin("Event as event", "event.id", "delivery.eventId")
    .selectAll("attempt")
    .select(["delivery.eventId", "event.type as eventType"])
    .where("attempt.endpointId", "=", id);
  const { cursor } = page;
  if (cursor) {
    // Strictly after the cursor's attempt in (attemptedAt desc, id desc) order.
    query = query.where((eb) =>
      eb.or([
        eb("attempt.attemptedAt", "<", cursor.at),
        eb.and([eb("attempt.attemptedAt", "=", cursor.at), eb("attempt.id", "<", cursor.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy("attempt.attemptedAt", "desc")
    .orderBy("attempt.id", "desc")
    .limit(limit + 1)
    .execute();
  const attempts = rows.slice(0, limit);
  const last = attempts.at(-1);
  return {
    data: attempts.map((attempt) => ({
      id: attempt.id,
      deliveryId: attempt.deliveryId,
      eventId: attempt.eventId,
      eventType: attempt.eventType as SubscribableEventType,
      attemptNumber: attempt.attemptNumber,
      attemptedAt: attempt.attemptedAt.toISOString(),
      durationMs: attempt.durationMs,
      responseStatus: attempt.responseStatus,
      responseBodyExcerpt: attempt.responseBodyExcerpt,
      error: attempt.error,
      succeeded: attempt.succeeded,
    })),
    nextCursor:
      rows.length > limit && last ? encodeKeysetCursor({ at: last.attemptedAt, id: last.id }) : null,
  };
}
