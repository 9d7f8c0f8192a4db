// Proof photos are served only through signed links that expire: /api/proof-photos/{id}?exp=&sig=
// (work items' photos likewise, under /api/work-item-photos/),
// where sig is an HMAC-SHA256 of "{id}.{exp}" under a key derived from AUTH_SECRET. One route serves
// both stores (folder and S3), so the links look alike and nobody learns where the bytes live. Staff
// and tracking-page links last minutes (made for each page); webhook links last days (see TTL below).
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/staff-auth.config";
import { publicBaseUrl } from "@/lib/env";

export const PAGE_LINK_TTL_SECONDS = 15 * 60;
/** Operations API links: a client fetching them has an hour to download the photos. */
export const API_LINK_TTL_SECONDS = 60 * 60;
/** Webhook links: long enough for the retry schedule and a consumer's own queue. */
export const WEBHOOK_LINK_TTL_SECONDS = 7 * 24 * 60 * 60;

function signingKey(): Buffer {
  // Its own key, derived: a photo link can never pass for a session cookie or the other way round.
  return createHmac("sha256", authSecret()).update("vms proof photo links v1").digest();
}

function signatureOf(photoId: string, expiresAt: number): string {
  return createHmac("sha256", signingKey()).update(`${photoId}.${expiresAt}`).digest("base64url");
}

/** Where photos are served: proofs' and work items' (lib/recon); ids (ULIDs) never repeat across them. */
export type PhotoRoute = "proof-photos" | "work-item-photos";

/** The link, absolute (it leaves the service in webhooks), and when it stops working. */
export function signedPhotoUrl(photoId: string, expiresAt: Date, route: PhotoRoute = "proof-photos"): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const query = new URLSearchParams({ exp: String(exp), sig: signatureOf(photoId, exp) });
  return `${publicBaseUrl()}/api/${route}/${encodeURIComponent(photoId)}?${query}`;
}

export type LinkCheck = "valid" | "expired" | "invalid";

export function checkPhotoLink(
  photoId: string,
  exp: string | null,
  sig: string | null,
  now = new Date(),
): LinkCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return "invalid";
  const expected = Buffer.from(signatureOf(photoId, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  return Number(exp) * 1000 < now.getTime() ? "expired" : "valid";
}

export function expiryFrom(now: Date, ttlSeconds: number): Date {
  return new Date(now.getTime() + ttlSeconds * 1000);
}
