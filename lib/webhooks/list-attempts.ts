// GET /webhooks/endpoints/{id}/attempts (extension): the endpoint's delivery attempts, newest first,
// keyset-paginated on (attemptedAt desc, id desc) so that pages stay stable while attempts are added.
import { db } from "@/lib/db";
import type { SubscribableEventType } from "@/lib/events/movement-envelope";
import type { Prisma } from "@/lib/generated/prisma/client";
import { encodeKeysetCursor, type KeysetCursor } from "@/lib/http/keyset-cursor";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";
import { ATTEMPTS_PAGE_DEFAULT, type ListWebhookAttemptsResponse } from "@/lib/webhooks/schemas";

export async function listWebhookAttempts(
  scope: WebhookScope,
  id: string,
  page: { cursor?: KeysetCursor; limit?: number },
): Promise<ListWebhookAttemptsResponse> {
  const limit = page.limit ?? ATTEMPTS_PAGE_DEFAULT;
  const client = db();
  await getWebhookEndpointOrThrow(client, scope, id);
  const where: Prisma.WebhookAttemptWhereInput = {
    endpointId: id,
    ...(page.cursor ? after(page.cursor) : {}),
  };
  const rows = await client.webhookAttempt.findMany({
    where,
    orderBy: [{ attemptedAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    include: { delivery: { select: { eventId: true, event: { select: { type: true } } } } },
  });
  const attempts = rows.slice(0, limit);
  const last = attempts.at(-1);
  return {
    data: attempts.map((attempt) => ({
      id: attempt.id,
      deliveryId: attempt.deliveryId,
      eventId: attempt.delivery.eventId,
      eventType: attempt.delivery.event.type as SubscribableEventType,
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

/** Strictly after the cursor's attempt in (attemptedAt desc, id desc) order. */
function after(cursor: KeysetCursor): Prisma.WebhookAttemptWhereInput {
  return {
    OR: [{ attemptedAt: { lt: cursor.at } }, { attemptedAt: cursor.at, id: { lt: cursor.id } }],
  };
}
