// Standard Webhooks signing (extensions section 5) with our header names: hook-id, hook-timestamp and
// hook-signature instead of webhook-*. The signed content is `${id}.${timestamp}.${body}`, the body
// being the exact text sent; one `v1,<base64 HMAC-SHA256>` entry per active secret, space-separated.
import { createHmac, timingSafeEqual } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "@/lib/security/secret-crypto";

export type WebhookSignatureHeaders = {
  "hook-id": string;
  "hook-timestamp": string;
  "hook-signature": string;
};

/** Consumers reject a timestamp further than this from their clock (extensions section 5). */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export function signPayload(input: {
  eventId: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  /** The exact body text that is sent. */
  body: string;
  /** "whsec_…" secrets, newest first; each adds one signature. */
  secrets: string[];
}): WebhookSignatureHeaders {
  const { eventId, timestamp, body, secrets } = input;
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new Error("The timestamp must be whole Unix seconds");
  }
  if (secrets.length === 0) throw new Error("At least one secret is needed to sign a webhook");
  const signatures = secrets.map((secret) => `v1,${hmac(secret, eventId, timestamp, body)}`);
  return {
    "hook-id": eventId,
    "hook-timestamp": String(timestamp),
    "hook-signature": signatures.join(" "),
  };
}

/**
 * Verifies a delivery as a consumer would (used by our own tests' receivers): true when one `v1`
 * signature matches the secret and the timestamp is within the tolerance of `now`.
 */
export function verifySignature(input: {
  headers: WebhookSignatureHeaders;
  body: string;
  secret: string;
  now?: Date;
}): boolean {
  const { headers, body, secret } = input;
  const timestamp = headers["hook-timestamp"];
  if (!/^\d+$/.test(timestamp)) return false;
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(hmac(secret, headers["hook-id"], timestamp, body), "base64");
  return headers["hook-signature"].split(" ").some((entry) => {
    const [version, signature] = entry.split(",", 2);
    if (version !== "v1" || !signature) return false;
    const given = Buffer.from(signature, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

function hmac(secret: string, eventId: string, timestamp: number | string, body: string): string {
  return createHmac("sha256", secretKeyBytes(secret))
    .update(`${eventId}.${timestamp}.${body}`, "utf8")
    .digest("base64");
}

/** The HMAC key: the base64-decoded part after "whsec_". */
export function secretKeyBytes(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('A webhook secret starts with "whsec_"');
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  if (key.length === 0) throw new Error("The webhook secret is empty");
  return key;
}
