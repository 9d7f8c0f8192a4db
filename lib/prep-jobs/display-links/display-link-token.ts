// Workshop-screen link tokens: 32 random bytes in base64url (43 characters), shown once. Only a
// SHA-256 hash is stored (the token has enough entropy that a slow hash adds nothing), as for API keys.
import { createHash, randomBytes } from "node:crypto";

export const DISPLAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newDisplayToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashDisplayToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
