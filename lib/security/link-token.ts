// Tokens of links that need no account (workshop screens, carriers' job links): 32 random bytes in
// base64url (43 characters, 256 bits), shown once. Only a SHA-256 hash is stored (the token has enough
// entropy that a slow hash adds nothing), as for API keys.
import { createHash, randomBytes } from "node:crypto";

export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
