import { randomBytes } from "node:crypto";

/** The unguessable token of a public tracking page (24 random bytes, base64url). */
export function newTrackingToken(): string {
  return randomBytes(24).toString("base64url");
}
