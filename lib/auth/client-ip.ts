// The client address used to throttle sign-ins. Next.js fills X-Forwarded-For with the socket's
// address when no proxy did; a reverse proxy appends the address it saw, so the last entry is the one
// the nearest hop vouches for. Without a reverse proxy a client can forge the header: the per-e-mail
// limit still holds then (docs/ui.md).
export function clientIpFrom(headers: Headers): string | null {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .at(-1);
  const ip = last ?? headers.get("x-real-ip")?.trim();
  return ip ? ip.slice(0, 64) : null;
}
