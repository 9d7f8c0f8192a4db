import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret } from "@/lib/security/secret-crypto";
import { signPayload, verifySignature, type WebhookSignatureHeaders } from "@/lib/webhooks/signing";

const body = JSON.stringify({
  schemaVersion: "1",
  eventId: "01JD0000000000000000000000",
  eventType: "movement.collected",
});
const eventId = "01JD0000000000000000000000";
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Our header names onto the Standard Webhooks ones the reference library expects. */
function asStandard(headers: WebhookSignatureHeaders) {
  return {
    "webhook-id": headers["hook-id"],
    "webhook-timestamp": headers["hook-timestamp"],
    "webhook-signature": headers["hook-signature"],
  };
}

/** Verified by the standardwebhooks library, an independent implementation. */
function standardVerifies(secret: string, payload: string, headers: WebhookSignatureHeaders): boolean {
  try {
    new Webhook(secret).verify(payload, asStandard(headers));
    return true;
  } catch {
    return false;
  }
}

describe("signPayload (Standard Webhooks with hook-* headers)", () => {
  it("sets hook-id to the eventId and hook-timestamp to the Unix seconds", () => {
    const timestamp = nowSeconds();
    const headers = signPayload({ eventId, timestamp, body, secrets: [generateWebhookSecret()] });
    expect(headers["hook-id"]).toBe(eventId);
    expect(headers["hook-timestamp"]).toBe(String(timestamp));
    expect(headers["hook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it("is verified by the standardwebhooks library", () => {
    const secret = generateWebhookSecret();
    const headers = signPayload({ eventId, timestamp: nowSeconds(), body, secrets: [secret] });
    expect(standardVerifies(secret, body, headers)).toBe(true);
    expect(verifySignature({ headers, body, secret })).toBe(true);
  });

  it("matches the library's own signature byte for byte", () => {
    const secret = generateWebhookSecret();
    const timestamp = nowSeconds();
    const headers = signPayload({ eventId, timestamp, body, secrets: [secret] });
    expect(headers["hook-signature"]).toBe(
      new Webhook(secret).sign(eventId, new Date(timestamp * 1000), body),
    );
  });

  it("signs with every secret during a rotation: either secret verifies", () => {
    const [newer, older] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signPayload({ eventId, timestamp: nowSeconds(), body, secrets: [newer, older] });
    expect(headers["hook-signature"].split(" ")).toHaveLength(2);
    expect(standardVerifies(newer, body, headers)).toBe(true);
    expect(standardVerifies(older, body, headers)).toBe(true);
    expect(standardVerifies(generateWebhookSecret(), body, headers)).toBe(false);
    expect(verifySignature({ headers, body, secret: older })).toBe(true);
  });

  it("fails verification for a tampered body", () => {
    const secret = generateWebhookSecret();
    const headers = signPayload({ eventId, timestamp: nowSeconds(), body, secrets: [secret] });
    const tampered = body.replace("collected", "delivered");
    expect(standardVerifies(secret, tampered, headers)).toBe(false);
    expect(verifySignature({ headers, body: tampered, secret })).toBe(false);
  });

  it("fails verification for another event id", () => {
    const secret = generateWebhookSecret();
    const headers = signPayload({ eventId, timestamp: nowSeconds(), body, secrets: [secret] });
    const forged = { ...headers, "hook-id": "01JD0000000000000000000001" };
    expect(standardVerifies(secret, body, forged)).toBe(false);
  });

  it("fails verification when the timestamp is 6 minutes old", () => {
    const secret = generateWebhookSecret();
    const headers = signPayload({ eventId, timestamp: nowSeconds() - 6 * 60, body, secrets: [secret] });
    expect(standardVerifies(secret, body, headers)).toBe(false);
    expect(verifySignature({ headers, body, secret })).toBe(false);
    // …while the signature itself is sound: it verifies at the time it was made.
    expect(verifySignature({ headers, body, secret, now: new Date(Date.now() - 6 * 60 * 1000) })).toBe(true);
  });

  it("signs the exact body text (whitespace and key order matter)", () => {
    const secret = generateWebhookSecret();
    const headers = signPayload({ eventId, timestamp: nowSeconds(), body, secrets: [secret] });
    const reformatted = JSON.stringify(JSON.parse(body), null, 2);
    expect(standardVerifies(secret, reformatted, headers)).toBe(false);
  });

  it("signs non-ASCII bodies as UTF-8", () => {
    const secret = generateWebhookSecret();
    const text = JSON.stringify({ notes: "Déjà vu 🚗" });
    const headers = signPayload({ eventId, timestamp: nowSeconds(), body: text, secrets: [secret] });
    expect(standardVerifies(secret, text, headers)).toBe(true);
  });

  it("refuses to sign without a secret, with a malformed secret or timestamp", () => {
    const timestamp = nowSeconds();
    expect(() => signPayload({ eventId, timestamp, body, secrets: [] })).toThrow(/At least one secret/);
    expect(() => signPayload({ eventId, timestamp, body, secrets: ["plain"] })).toThrow(/whsec_/);
    expect(() => signPayload({ eventId, timestamp: 1.5, body, secrets: [generateWebhookSecret()] })).toThrow(
      /Unix seconds/,
    );
  });
});
