// Webhook signing secrets: made here, and kept encrypted at rest with AES-256-GCM under ENCRYPTION_KEY
// (docs/webhooks.md, "Secrets at rest"). The stored text is versioned so that the format can change:
//   v1.<iv, base64>.<auth tag, base64>.<ciphertext, base64>
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";

export const WEBHOOK_SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 32;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT_VERSION = "v1";

/** A new signing secret: "whsec_" + base64 of 32 random bytes (Standard Webhooks). */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString("base64");
}

/** Encrypts a secret for storage under the configured key. */
export function encryptSecret(plain: string): string {
  return encryptWithKey(currentEncryptionKey(), plain);
}

/**
 * Decrypts a stored secret under the configured key, or the previous one while a key rotation is under
 * way; throws when the text was altered or made under another key.
 */
export function decryptSecret(ciphertext: string): string {
  return decryptWithKeys([currentEncryptionKey(), ...previousEncryptionKeys()], ciphertext);
}

/** The first key that opens it wins (GCM's tag tells a wrong key apart from the right one). */
export function decryptWithKeys(keys: Buffer[], stored: string): string {
  let failure: unknown = new Error("No encryption key to decrypt with");
  for (const key of keys) {
    try {
      return decryptWithKey(key, stored);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

export function encryptWithKey(key: Buffer, plain: string): string {
  assertKeyLength(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [FORMAT_VERSION, iv, tag, encrypted]
    .map((part) => (typeof part === "string" ? part : part.toString("base64")))
    .join(".");
}

export function decryptWithKey(key: Buffer, stored: string): string {
  assertKeyLength(key);
  const [version, ...parts] = stored.split(".");
  if (version !== FORMAT_VERSION || parts.length !== 3) {
    throw new Error("Not an encrypted secret of a known format (expected v1.<iv>.<tag>.<ciphertext>)");
  }
  const [iv, tag, encrypted] = parts.map((part) => Buffer.from(part, "base64")) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new Error("Malformed encrypted secret: wrong IV or tag length");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString("utf8");
  } catch {
    // GCM's "Unsupported state or unable to authenticate data", said plainly.
    throw new Error(
      "Could not decrypt the secret: it was altered, or encrypted under another ENCRYPTION_KEY",
    );
  }
}

function assertKeyLength(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`The encryption key must be ${KEY_BYTES} bytes`);
}

/**
 * The key to use, given the settings: ENCRYPTION_KEY when set; otherwise, outside production, a fixed
 * development key (anyone can derive it: it protects nothing, and is only there so that development and
 * tests need no setup). In production a missing key is an error, never a silent fallback.
 */
export function resolveEncryptionKey(settings: {
  NODE_ENV: "development" | "test" | "production";
  ENCRYPTION_KEY?: string;
}): { key: Buffer; development: boolean } {
  if (settings.ENCRYPTION_KEY)
    return { key: Buffer.from(settings.ENCRYPTION_KEY, "base64"), development: false };
  if (settings.NODE_ENV === "production") {
    throw new Error(
      "ENCRYPTION_KEY is not set: refusing to encrypt or decrypt webhook secrets in production. " +
        "Set it to 32 random bytes in base64 (openssl rand -base64 32).",
    );
  }
  return { key: DEVELOPMENT_KEY, development: true };
}

/** sha256 of a fixed, public label: stable across restarts so that development data stays readable. */
const DEVELOPMENT_KEY = createHash("sha256")
  .update("vms development webhook secret key (not secret)")
  .digest();

let warned = false;

/** The configured key (or, outside production, the development one). */
export function currentEncryptionKey(): Buffer {
  const settings = env();
  const { key, development } = resolveEncryptionKey(settings);
  if (development && !warned) {
    warned = true;
    // A warning in development; only a debug line in tests, where it is expected and would be noise.
    logger[settings.NODE_ENV === "test" ? "debug" : "warn"](
      "ENCRYPTION_KEY is not set: webhook secrets are encrypted with the fixed development key. " +
        "Set ENCRYPTION_KEY (openssl rand -base64 32) before storing real secrets.",
    );
  }
  return key;
}

/** ENCRYPTION_KEY_PREVIOUS, as a key, when a rotation is under way. */
export function previousEncryptionKeys(): Buffer[] {
  const previous = env().ENCRYPTION_KEY_PREVIOUS;
  return previous ? [Buffer.from(previous, "base64")] : [];
}

/** Fails fast at start-up in production when secrets could not be encrypted (optional to call). */
export function assertEncryptionKeyConfigured(): void {
  currentEncryptionKey();
}
