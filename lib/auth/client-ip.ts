// The client address used to throttle sign-ins. server/front-door.mjs, in front of Next, replaces
// X-Forwarded-For with the one address it settled on: the TCP peer, or, when TRUSTED_PROXIES names the
// peer as a proxy, the nearest forwarded address that is not a proxy (docs/operations.md). A client's
// own X-Forwarded-For never reaches here. The last entry is read in case something appended after it.
export function clientIpFrom(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  // X-Real-IP only when no front door ran (the front door drops it): `next start` on its own.
  const ip = last ?? headers.get("x-real-ip")?.trim();
  return ip ? ip.slice(0, 64) : null;
}
