// One attempt of one claimed delivery: sign the stored envelope, POST it, record the attempt, then
// either finish the delivery or schedule its next attempt — and disable the endpoint after sustained
// failure (extensions section 5).
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { disableFailingEndpoint } from "@/lib/webhooks/delivery/disable-failing-endpoint";
import { postWebhook, type PostOutcome } from "@/lib/webhooks/delivery/post-webhook";
import { delayBeforeAttempt, retrySchedule } from "@/lib/webhooks/delivery/retry-schedule";
import { activeSecrets } from "@/lib/webhooks/secrets";
import { signPayload } from "@/lib/webhooks/signing";

export async function deliverOne(
  client: Db,
  claimed: ClaimedDelivery,
  options: { workerId: string; signal?: AbortSignal },
): Promise<PostOutcome | undefined> {
  const delivery = await client.webhookDelivery.findUnique({
    where: { id: claimed.id },
    include: { endpoint: true, event: { select: { id: true, envelope: true, sequence: true } } },
  });
  if (!delivery?.event.envelope || !delivery.endpoint.enabled) return undefined;

  const attemptedAt = new Date();
  const secrets = await activeSecrets(client, delivery.endpointId, attemptedAt);
  const headers = signPayload({
    eventId: delivery.event.id,
    timestamp: Math.floor(attemptedAt.getTime() / 1000),
    body: delivery.event.envelope,
    secrets,
  });
  const outcome = await postWebhook({
    url: delivery.endpoint.url,
    // The event's place in the stream (extension): consumers may order by it.
    headers: { ...headers, "hook-sequence": delivery.event.sequence.toString() },
    body: delivery.event.envelope,
    timeoutMs: env().WEBHOOK_TIMEOUT_MS,
    signal: options.signal,
  });
  // A shutdown aborted the attempt: not the receiver's failure; the claim is released instead.
  if (options.signal?.aborted) return undefined;

  const attemptNumber = delivery.attemptCount + 1;
  const nextDelay = outcome.succeeded ? undefined : delayBeforeAttempt(retrySchedule(), attemptNumber);
  const now = new Date();
  await client.$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: {
        id: newId(),
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        attemptNumber,
        attemptedAt,
        durationMs: outcome.durationMs,
        responseStatus: outcome.status,
        responseBodyExcerpt: outcome.bodyExcerpt,
        error: outcome.error,
        succeeded: outcome.succeeded,
      },
    });
    await tx.webhookDelivery.updateMany({
      // Only while this worker still holds the claim: a lease that ran out belongs to someone else now.
      where: { id: delivery.id, lockedBy: options.workerId },
      data: {
        attemptCount: attemptNumber,
        lockedUntil: null,
        lockedBy: null,
        ...(outcome.succeeded
          ? { status: "SUCCEEDED", succeededAt: now }
          : nextDelay === undefined
            ? { status: "FAILED" }
            : { nextAttemptAt: new Date(now.getTime() + nextDelay) }),
      },
    });
    if (outcome.succeeded) {
      if (delivery.endpoint.failingSince) {
        await tx.webhookEndpoint.update({ where: { id: delivery.endpointId }, data: { failingSince: null } });
      }
      return;
    }
    const failingSince = delivery.endpoint.failingSince ?? now;
    if (!delivery.endpoint.failingSince) {
      await tx.webhookEndpoint.updateMany({
        where: { id: delivery.endpointId, failingSince: null },
        data: { failingSince },
      });
    }
    await disableFailingEndpoint(tx, delivery.endpoint, {
      failingSince,
      now,
      scheduleExhausted: nextDelay === undefined,
    });
  });
  return outcome;
}
