// One attempt of one claimed delivery: sign the stored envelope, POST it, record the attempt, then
// either finish the delivery or schedule its next attempt — and disable the endpoint after sustained
// failure (extensions section 5). The claim brought the envelope, the URL and the secrets along.
import { env } from "@/lib/env";
import type { ClaimedDelivery } from "@/lib/webhooks/delivery/claim-due-deliveries";
import { postWebhook, type PostOutcome } from "@/lib/webhooks/delivery/post-webhook";
import { delayBeforeAttempt, retrySchedule } from "@/lib/webhooks/delivery/retry-schedule";
import type { RecordAttempt } from "@/lib/webhooks/delivery/attempt-batcher";
import { decryptSecret } from "@/lib/security/secret-crypto";
import { signPayload } from "@/lib/webhooks/signing";
import { inSpan, linkTo } from "@/lib/tracing/spans";

/** Decrypted signing secrets by ciphertext: the same few secrets sign every attempt of an endpoint. */
const decryptedSecrets = new Map<string, string>();
const MAX_DECRYPTED_SECRETS = 1_000;

function decryptOnce(ciphertext: string): string {
  let secret = decryptedSecrets.get(ciphertext);
  if (secret === undefined) {
    if (decryptedSecrets.size >= MAX_DECRYPTED_SECRETS) decryptedSecrets.clear();
    secret = decryptSecret(ciphertext);
    decryptedSecrets.set(ciphertext, secret);
  }
  return secret;
}

type DeliverOptions = { workerId: string; record: RecordAttempt; signal?: AbortSignal };

/**
 * The attempt, in a span of its own while tracing is on: linked to the span that wrote the event (the
 * request that made the change), so that a trace backend leads from a delivery to its cause and back.
 */
export function deliverOne(
  delivery: ClaimedDelivery,
  options: DeliverOptions,
): Promise<PostOutcome | undefined> {
  return inSpan(
    "webhook.deliver",
    {
      client: true,
      links: linkTo(delivery.traceparent),
      attributes: {
        "vms.webhook.delivery_id": delivery.id,
        "vms.webhook.event_id": delivery.eventId,
        "vms.webhook.endpoint_id": delivery.endpointId,
        "vms.webhook.attempt": delivery.attemptCount + 1,
      },
    },
    () => attemptDelivery(delivery, options),
    (outcome) => ({
      failed: outcome !== undefined && !outcome.succeeded,
      attributes: {
        "vms.webhook.outcome":
          outcome === undefined ? "not-attempted" : outcome.succeeded ? "succeeded" : "failed",
        ...(outcome?.status !== undefined ? { "http.response.status_code": outcome.status } : {}),
      },
    }),
  );
}

async function attemptDelivery(
  delivery: ClaimedDelivery,
  options: DeliverOptions,
): Promise<PostOutcome | undefined> {
  if (!delivery.envelope) return undefined;
  const attemptedAt = new Date();
  const headers = signPayload({
    eventId: delivery.eventId,
    timestamp: Math.floor(attemptedAt.getTime() / 1000),
    body: delivery.envelope,
    secrets: (delivery.secretCiphertexts ?? []).map(decryptOnce),
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
  const number = delivery.attemptCount + 1;
  const nextDelayMs = outcome.succeeded ? undefined : delayBeforeAttempt(retrySchedule(), number);
  const nextAttemptAt = nextDelayMs === undefined ? undefined : new Date(Date.now() + nextDelayMs);
  await options.record({ delivery, number, attemptedAt, outcome, nextAttemptAt });
  return outcome;
}
