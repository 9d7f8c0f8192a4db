// Records attempts and their outcomes on the deliveries, each call in a single statement (one round trip,
// no interactive transaction holding a pooled connection): the worker's hot path.
import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { disableFailingEndpoint } from "@/lib/webhooks/delivery/disable-failing-endpoint";
import type { PostOutcome } from "@/lib/webhooks/delivery/post-webhook";
import { disableAfterMs } from "@/lib/webhooks/delivery/retry-schedule";

export type Attempt = { number: number; attemptedAt: Date; outcome: PostOutcome };

/** UTC wall-clock text for a timestamp(3) column, as Prisma stores DateTime (whatever the session zone). */
const utc = (date: Date) => date.toISOString();

export type SucceededAttempt = { delivery: ClaimedDelivery; attempt: Attempt };

/**
 * Successes, any number, in one statement: the attempts, their deliveries finished (only while this
 * worker still holds the claim: a lease that ran out belongs to someone else now) and their endpoints'
 * failingSince cleared. The worker batches the successes that finish together (success-batcher.ts).
 */
export async function recordSucceededAttempts(
  client: Db,
  succeeded: SucceededAttempt[],
  workerId: string,
): Promise<void> {
  if (succeeded.length === 0) return;
  const now = utc(new Date());
  const column = <T>(pick: (item: SucceededAttempt) => T) => succeeded.map(pick);
  await client.$executeRaw`
    WITH input AS (
      SELECT * FROM unnest(
        ${column(() => newId())}::text[], ${column((s) => s.delivery.id)}::text[],
        ${column((s) => s.delivery.endpointId)}::text[], ${column((s) => s.attempt.number)}::int[],
        ${column((s) => utc(s.attempt.attemptedAt))}::timestamp(3)[],
        ${column((s) => s.attempt.outcome.durationMs)}::int[],
        ${column((s) => s.attempt.outcome.status ?? null)}::int[],
        ${column((s) => s.attempt.outcome.bodyExcerpt ?? null)}::text[]
      ) AS t(id, "deliveryId", "endpointId", "attemptNumber", "attemptedAt", "durationMs",
        "responseStatus", "responseBodyExcerpt")
    ),
    attempt AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", "endpointId", "attemptNumber", "attemptedAt",
        "durationMs", "responseStatus", "responseBodyExcerpt", succeeded)
      SELECT id, "deliveryId", "endpointId", "attemptNumber", "attemptedAt", "durationMs",
        "responseStatus", "responseBodyExcerpt", true
      FROM input
    ),
    recovered AS (
      UPDATE "WebhookEndpoint" SET "failingSince" = NULL, "updatedAt" = ${now}::timestamp(3)
      WHERE id IN (SELECT "endpointId" FROM input) AND "failingSince" IS NOT NULL
    )
    UPDATE "WebhookDelivery" d
    SET "attemptCount" = input."attemptNumber", "lockedUntil" = NULL, "lockedBy" = NULL,
      status = 'SUCCEEDED', "succeededAt" = ${now}::timestamp(3)
    FROM input
    WHERE d.id = input."deliveryId" AND d."lockedBy" = ${workerId}`;
}

/**
 * A failure: the attempt, the next attempt's time (or FAILED once the schedule is exhausted) and the
 * endpoint's failingSince in one statement; the disabling check, in a transaction, only once the
 * endpoint has been failing for WEBHOOK_DISABLE_AFTER.
 */
export async function recordFailedAttempt(
  client: Db,
  delivery: ClaimedDelivery,
  attempt: Attempt & { nextDelayMs: number | undefined },
  workerId: string,
): Promise<void> {
  const { outcome, nextDelayMs } = attempt;
  const now = new Date();
  const exhausted = nextDelayMs === undefined;
  const nextAttemptAt = new Date(now.getTime() + (nextDelayMs ?? 0));
  const [endpoint] = await client.$queryRaw<{ failingSince: Date }[]>`
    WITH attempt AS (
      INSERT INTO "WebhookAttempt" (id, "deliveryId", "endpointId", "attemptNumber", "attemptedAt",
        "durationMs", "responseStatus", "responseBodyExcerpt", error, succeeded)
      VALUES (${newId()}, ${delivery.id}, ${delivery.endpointId}, ${attempt.number},
        ${utc(attempt.attemptedAt)}::timestamp(3), ${outcome.durationMs}, ${outcome.status ?? null},
        ${outcome.bodyExcerpt ?? null}, ${outcome.error ?? null}, false)
    ),
    delivery AS (
      UPDATE "WebhookDelivery"
      SET "attemptCount" = ${attempt.number}, "lockedUntil" = NULL, "lockedBy" = NULL,
        status = CASE WHEN ${exhausted} THEN 'FAILED'::"DeliveryStatus" ELSE status END,
        "nextAttemptAt" = CASE WHEN ${exhausted} THEN "nextAttemptAt" ELSE ${utc(nextAttemptAt)}::timestamp(3) END
      WHERE id = ${delivery.id} AND "lockedBy" = ${workerId}
    ),
    started AS (
      UPDATE "WebhookEndpoint" SET "failingSince" = ${utc(now)}::timestamp(3), "updatedAt" = ${utc(now)}::timestamp(3)
      WHERE id = ${delivery.endpointId} AND "failingSince" IS NULL
      RETURNING "failingSince"
    )
    SELECT COALESCE((SELECT "failingSince" FROM started),
      (SELECT "failingSince" FROM "WebhookEndpoint" WHERE id = ${delivery.endpointId})) AS "failingSince"`;
  const failingSince = endpoint?.failingSince ?? now;
  if (now.getTime() - failingSince.getTime() < disableAfterMs()) return;
  await client.$transaction(async (tx) => {
    const current = await tx.webhookEndpoint.findUniqueOrThrow({ where: { id: delivery.endpointId } });
    await disableFailingEndpoint(tx, current, { failingSince, now, scheduleExhausted: exhausted });
  });
}
