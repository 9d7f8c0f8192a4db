// API keys: "vms_" + 40 random base62 characters. Only a SHA-256 hash is stored (the key has enough
// entropy that a slow hash adds nothing); the prefix identifies a key on screens and in logs.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const KEY_PREFIX = "vms_";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const API_KEY_DISPLAY_LENGTH = 12;

export function generateApiKey(): string {
  const bytes = randomBytes(40);
  let body = "";
  for (const byte of bytes) body += BASE62[byte % 62];
  return KEY_PREFIX + body;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The part of a key that is safe to show: "vms_a1b2c3d4…". */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, API_KEY_DISPLAY_LENGTH);
}

export function hashesMatch(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
