// One attempt of one claimed delivery: sign the stored envelope, POST it, record the attempt, then
// either finish the delivery or schedule its next attempt — and disable the endpoint after sustained
// failure (extensions section 5). The claim brought the envelope, the URL and the secrets along.
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { postWebhook, type PostOutcome } from "@/lib/webhooks/delivery/post-webhook";
import { recordFailedAttempt } from "@/lib/webhooks/delivery/record-attempt";
import { delayBeforeAttempt, retrySchedule } from "@/lib/webhooks/delivery/retry-schedule";
import type { RecordSuccess } from "@/lib/webhooks/delivery/success-batcher";
import { decryptSecret } from "@/lib/webhooks/secret-crypto";
import { signPayload } from "@/lib/webhooks/signing";

export async function deliverOne(
  client: Db,
  delivery: ClaimedDelivery,
  options: { workerId: string; recordSuccess: RecordSuccess; signal?: AbortSignal },
): Promise<PostOutcome | undefined> {
  if (!delivery.envelope) return undefined;
  const attemptedAt = new Date();
  const headers = signPayload({
    eventId: delivery.eventId,
    timestamp: Math.floor(attemptedAt.getTime() / 1000),
    body: delivery.envelope,
    secrets: (delivery.secretCiphertexts ?? []).map(decryptSecret),
  });
  const outcome = await postWebhook({
    url: delivery.url,
    // The event's place in the stream (extension): consumers may order by it.
    headers: { ...headers, "hook-sequence": delivery.sequence.toString() },
    body: delivery.envelope,
    timeoutMs: env().WEBHOOK_TIMEOUT_MS,
    signal: options.signal,
  });
  // A shutdown cut the attempt: not the receiver's failure; the claim is released instead. (One that
  // got its 2xx before the cut is recorded, so that it is not sent again.)
  if (!outcome.succeeded && options.signal?.aborted) return undefined;
  const attempt = { number: delivery.attemptCount + 1, attemptedAt, outcome };
  if (outcome.succeeded) {
    await options.recordSuccess({ delivery, attempt });
  } else {
    const nextDelayMs = delayBeforeAttempt(retrySchedule(), attempt.number);
    await recordFailedAttempt(client, delivery, { ...attempt, nextDelayMs }, options.workerId);
  }
  return outcome;
}
