// Which paths anyone may open, and where sign-in sends people back to. Used by proxy.ts (the one
// place that keeps signed-out visitors off staff pages) and by the sign-in page. Pure: no Next imports.

/** Open without a staff session. Everything else is a staff page or a staff-only endpoint. */
const PUBLIC_PREFIXES = [
  "/v1", // API-key only (lib/http/with-api.ts)
  "/api/auth", // next-auth itself
  "/api/health",
  "/api/ready",
  "/api/metrics", // its own bearer token (METRICS_TOKEN; lib/metrics/metrics-endpoint.ts)
  "/track", // public tracking pages (unguessable token)
  "/display", // workshop screens (unguessable, revocable link)
  "/jobs", // carriers' job pages (unguessable, revocable link; lib/carrier-jobs)
  "/api/proof-photos", // proof photos, through signed expiring links only (lib/proofs)
  "/sublet", // sublet vendors' pages (unguessable, revocable link; lib/recon/sublet)
  "/api/work-item-photos", // work items' photos, through signed expiring links only (lib/recon/sublet)
  "/carrier/join", // a marketplace carrier's invitation (unguessable, one-time link; lib/marketplace)
  "/opt-out", // a customer stops its messages (unguessable link; lib/notifications/customer)
  "/docs", // API reference
  "/sign-in",
  "/_next",
];

/** Files from public/ and metadata routes. Data files (.json, .csv) are not listed: they may be staff data. */
const PUBLIC_FILES = /\.(?:ico|png|jpe?g|gif|svg|webp|avif|woff2?)$/i;
const PUBLIC_EXACT = new Set(["/", "/robots.txt", "/sitemap.xml", "/manifest.webmanifest"]);

export function isPublicPath(pathname: string): boolean {
  if (PUBLIC_EXACT.has(pathname)) return true;
  if (PUBLIC_FILES.test(pathname) && !isApiPath(pathname)) return true;
  return PUBLIC_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** Staff-only endpoints answer 401 instead of redirecting to the sign-in page. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * A callbackUrl that is safe to redirect to: a path on this site (never another origin, never the
 * sign-in page itself, never an API route). Anything else gives null (the role's home is used).
 */
export function safeCallbackUrl(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000 || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, "http://vms.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://vms.invalid") return null;
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/sign-in/") || isApiPath(url.pathname)) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, remembering where the visitor wanted to go. */
export function signInPath(callbackUrl?: string | null): string {
  const safe = safeCallbackUrl(callbackUrl);
  return safe ? `/sign-in?${new URLSearchParams({ callbackUrl: safe })}` : "/sign-in";
}
