// Records attempts and their outcomes on the deliveries: any number of them in a single statement (one
// round trip, no interactive transaction holding a pooled connection), the worker's hot path. The worker
// batches the outcomes that finish together (attempt-batcher.ts).
import { sqlTimestamp, type Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { countAttempts } from "@/lib/metrics/metrics";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { disableFailingEndpoint } from "@/lib/webhooks/delivery/disable-failing-endpoint";
import type { PostOutcome } from "@/lib/webhooks/delivery/post-webhook";
import { disableAfterMs } from "@/lib/webhooks/delivery/retry-schedule";

export type FinishedAttempt = {
  delivery: ClaimedDelivery;
  number: number;
  attemptedAt: Date;
  outcome: PostOutcome;
  /** After a failure: when to try again; undefined once the schedule is exhausted (FAILED). */
  nextAttemptAt?: Date;
};

/** The text of one element of a timestamp(3)[] parameter (see sqlTimestamp in lib/db.ts). */
const utc = (date: Date) => date.toISOString();

/**
 * The attempts; their deliveries finished, rescheduled or FAILED (only while this worker still holds the
 * claim: a lease that ran out belongs to someone else now); each endpoint's failingSince cleared by a
 * success or started by a failure (its latest attempt in the batch decides). Then the disabling check,
 * in a transaction, for an endpoint failing for WEBHOOK_DISABLE_AFTER.
 */
export async function recordAttempts(
  client: Db,
  attempts: FinishedAttempt[],
  workerId: string,
): Promise<void> {
  if (attempts.length === 0) return;
  const now = new Date();
  const column = <T>(pick: (attempt: FinishedAttempt) => T) => attempts.map(pick);
  const failing = await client.$queryRaw<{ endpointId: string; failingSince: Date }[]>`
    WITH input AS (
      SELECT * FROM unnest(
        ${column(() => newId())}::text[], ${column((a) => a.delivery.id)}::text[],
        ${column((a) => a.delivery.endpointId)}::text[], ${column((a) => a.number)}::int[],
        ${column((a) => utc(a.attemptedAt))}::timestamp(3)[], ${column((a) => a.outcome.durationMs)}::int[],
        ${column((a) => a.outcome.status ?? null)}::int[], ${column((a) => a.outcome.bodyExcerpt ?? null)}::text[],
        ${column((a) => a.outcome.error ?? null)}::text[], ${column((a) => a.outcome.succeeded)}::boolean[],
        ${column((a) => (a.nextAttemptAt ? utc(a.nextAttemptAt) : null))}::timestamp(3)[]
      ) AS t(id, "deliveryId", "endpointId", "attemptNumber", "attemptedAt", "durationMs",
        "responseStatus", "responseBodyExcerpt", error, succeeded, "nextAttemptAt")
    ),
    attempt AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", "endpointId", "attemptNumber", "attemptedAt",
        "durationMs", "responseStatus", "responseBodyExcerpt", error, succeeded)
      SELECT id, "deliveryId", "endpointId", "attemptNumber", "attemptedAt", "durationMs",
        "responseStatus", "responseBodyExcerpt", error, succeeded
      FROM input
    ),
    delivery AS (
      UPDATE "WebhookDelivery" d
      SET "attemptCount" = i."attemptNumber", "lockedUntil" = NULL, "lockedBy" = NULL,
        status = CASE WHEN i.succeeded THEN 'SUCCEEDED'::"DeliveryStatus"
          WHEN i."nextAttemptAt" IS NULL THEN 'FAILED'::"DeliveryStatus" ELSE d.status END,
        "succeededAt" = CASE WHEN i.succeeded THEN ${sqlTimestamp(now)} ELSE d."succeededAt" END,
        "nextAttemptAt" = CASE WHEN i.succeeded THEN d."nextAttemptAt" ELSE COALESCE(i."nextAttemptAt", d."nextAttemptAt") END
      FROM input i
      WHERE d.id = i."deliveryId" AND d."lockedBy" = ${workerId}
    ),
    latest AS (
      SELECT DISTINCT ON ("endpointId") "endpointId", succeeded FROM input
      ORDER BY "endpointId", "attemptedAt" DESC, "durationMs" DESC
    ),
    changed AS (
      UPDATE "WebhookEndpoint" e
      SET "failingSince" = CASE WHEN l.succeeded THEN NULL ELSE ${sqlTimestamp(now)} END,
        "updatedAt" = ${sqlTimestamp(now)}
      FROM latest l
      WHERE e.id = l."endpointId" AND (e."failingSince" IS NULL) = NOT l.succeeded
      RETURNING e.id, e."failingSince"
    )
    SELECT e.id AS "endpointId", COALESCE(c."failingSince", e."failingSince") AS "failingSince"
    FROM "WebhookEndpoint" e JOIN latest l ON l."endpointId" = e.id AND NOT l.succeeded
    LEFT JOIN changed c ON c.id = e.id`;
  countAttempts(attempts);

  for (const { endpointId, failingSince } of failing) {
    if (now.getTime() - failingSince.getTime() < disableAfterMs()) continue;
    const scheduleExhausted = attempts.some(
      (a) => a.delivery.endpointId === endpointId && !a.outcome.succeeded && !a.nextAttemptAt,
    );
    await client.$transaction(async (tx) => {
      const current = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      await disableFailingEndpoint(tx, current, { failingSince, now, scheduleExhausted });
    });
  }
}
