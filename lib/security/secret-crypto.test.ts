import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decryptSecret,
  decryptWithKey,
  decryptWithKeys,
  encryptSecret,
  encryptWithKey,
  generateWebhookSecret,
  resolveEncryptionKey,
} from "@/lib/security/secret-crypto";

const key = randomBytes(32);

/** Flips one bit of the decoded part `index` (1 = iv, 2 = tag, 3 = ciphertext) of a stored secret. */
function tamper(stored: string, index: number): string {
  const parts = stored.split(".");
  const bytes = Buffer.from(parts[index]!, "base64");
  bytes[0] = bytes[0]! ^ 0x01;
  parts[index] = bytes.toString("base64");
  return parts.join(".");
}

describe("generateWebhookSecret", () => {
  it('is "whsec_" + base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});

describe("encrypting secrets at rest (AES-256-GCM)", () => {
  it("round-trips, in the versioned format v1.<iv>.<tag>.<ciphertext>", () => {
    const secret = generateWebhookSecret();
    const stored = encryptWithKey(key, secret);
    expect(stored).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain(secret.slice(6));
    const [, iv, tag] = stored.split(".");
    expect(Buffer.from(iv!, "base64")).toHaveLength(12);
    expect(Buffer.from(tag!, "base64")).toHaveLength(16);
    expect(decryptWithKey(key, stored)).toBe(secret);
  });

  it("uses a new IV every time, so the same secret never encrypts alike", () => {
    const secret = generateWebhookSecret();
    const stored = Array.from({ length: 20 }, () => encryptWithKey(key, secret));
    expect(new Set(stored).size).toBe(20);
    expect(new Set(stored.map((text) => text.split(".")[1])).size).toBe(20);
  });

  it.each([
    ["the IV", 1],
    ["the auth tag", 2],
    ["the ciphertext", 3],
  ])("detects a modified %s", (_, index) => {
    const stored = encryptWithKey(key, generateWebhookSecret());
    expect(() => decryptWithKey(key, tamper(stored, index))).toThrow(/altered|another ENCRYPTION_KEY/);
  });

  it("refuses a truncated tag and unknown formats", () => {
    const stored = encryptWithKey(key, "whsec_x");
    const parts = stored.split(".");
    expect(() => decryptWithKey(key, [parts[0], parts[1], "AAAA", parts[3]].join("."))).toThrow(/length/);
    expect(() => decryptWithKey(key, stored.replace(/^v1/, "v2"))).toThrow(/format/);
    expect(() => decryptWithKey(key, "whsec_plaintext")).toThrow(/format/);
  });

  it("fails under another key", () => {
    const stored = encryptWithKey(key, generateWebhookSecret());
    expect(() => decryptWithKey(randomBytes(32), stored)).toThrow(/another ENCRYPTION_KEY/);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => encryptWithKey(randomBytes(16), "x")).toThrow(/32 bytes/);
  });

  it("works through the configured key (tests: the development key)", () => {
    const secret = generateWebhookSecret();
    const stored = encryptSecret(secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(decryptSecret(stored)).toBe(secret);
  });
});

describe("resolveEncryptionKey", () => {
  const configured = randomBytes(32).toString("base64");

  it("uses ENCRYPTION_KEY when it is set, in any environment", () => {
    for (const NODE_ENV of ["development", "test", "production"] as const) {
      expect(resolveEncryptionKey({ NODE_ENV, ENCRYPTION_KEY: configured })).toEqual({
        key: Buffer.from(configured, "base64"),
        development: false,
      });
    }
  });

  it("refuses to run without ENCRYPTION_KEY in production", () => {
    expect(() => resolveEncryptionKey({ NODE_ENV: "production" })).toThrow(/ENCRYPTION_KEY is not set/);
  });

  it("falls back to one fixed development key in development and test", () => {
    const development = resolveEncryptionKey({ NODE_ENV: "development" });
    const test = resolveEncryptionKey({ NODE_ENV: "test" });
    expect(development.development).toBe(true);
    expect(development.key).toHaveLength(32);
    expect(test.key.equals(development.key)).toBe(true);
  });
});

describe("decrypting during a key rotation", () => {
  it("opens a value with whichever of the keys made it, and refuses when none did", () => {
    const [current, previous, other] = [randomBytes(32), randomBytes(32), randomBytes(32)];
    expect(decryptWithKeys([current, previous], encryptWithKey(previous, "whsec_a"))).toBe("whsec_a");
    expect(decryptWithKeys([current, previous], encryptWithKey(current, "whsec_b"))).toBe("whsec_b");
    expect(() => decryptWithKeys([current, previous], encryptWithKey(other, "whsec_c"))).toThrow(
      /another ENCRYPTION_KEY/,
    );
    expect(() => decryptWithKeys([], encryptWithKey(other, "whsec_c"))).toThrow(/No encryption key/);
  });
});
