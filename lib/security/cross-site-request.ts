// CSRF, refused at the door: a state-changing request whose Origin is another site is a page elsewhere
// riding on a staff member's cookies. Next would refuse such a server action itself, but with a 500
// ("Invalid Server Actions request"); refusing it here first gives a clear 403, and covers form posts
// that name no action too. Requests without an Origin (curl, server-to-server) are left to the session
// check and to Next's own; /v1 and next-auth never reach here (proxy.ts's matcher).
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteWrite(request: { method: string; headers: Headers }): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host !== host;
  } catch {
    // "null" (a sandboxed frame, a redirect across sites) or garbage: not this site.
    return true;
  }
}
