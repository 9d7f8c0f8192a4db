// The Content-Security-Policy of every page, with a fresh nonce per request (proxy.ts). Next reads the
// policy from the request headers, takes the nonce out of script-src and stamps it on its own scripts
// (the runtime, the hydration data); 'strict-dynamic' lets those load the chunks they need. No other
// script runs: no inline handler, no injected <script>, nothing from another origin. A nonce only works
// on a page rendered per request, which is why the root layout is dynamic (app/layout.tsx).
import { NextResponse, type NextRequest } from "next/server";

/** 128 random bits, base64: unguessable, and one per response. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * Tracking pages show the organisation's logo from the https address an admin set
 * (lib/schemas/branding.ts): images only, from any https origin, on those pages alone.
 */
export function isBrandedPage(pathname: string): boolean {
  return pathname.startsWith("/track/");
}

export type PolicyOptions = {
  development: boolean;
  brandImages?: boolean;
  /** MAP_TILES_URL's origin (lib/maps/map-tiles.ts), when the organisation serves its own tiles. */
  mapTilesOrigin?: string;
};

export function contentSecurityPolicy(nonce: string, options: PolicyOptions): string {
  // Map tiles are images (raster) or fetched data (PMTiles ranges, vector tiles): both, from that origin only.
  const tiles = options.mapTilesOrigin ? [options.mapTilesOrigin] : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'unsafe-eval' only for `next dev` (React's dev tooling and Turbopack's HMR evaluate code).
    "script-src": [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(options.development ? ["'unsafe-eval'"] : []),
    ],
    // Styles keep 'unsafe-inline': React writes style={{…}} props as style attributes (progress bars,
    // column widths) and Next its own route announcer's, and a nonce cannot allow a style attribute.
    // An injected style can change how a page looks; it cannot run code or send data anywhere that
    // img-src / connect-src / font-src do not allow.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...tiles, ...(options.brandImages ? ["https:"] : [])],
    "font-src": ["'self'"],
    // fetch, server actions and the live updates (EventSource) go to this origin only (and the tiles').
    "connect-src": ["'self'", ...tiles],
    // The job pages' service worker (/jobs/sw.js), from this origin only.
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/**
 * Lets the request through with a fresh policy: on the request headers (where Next's renderer finds
 * the nonce) and on the response (where the browser enforces it).
 */
export function nextWithContentSecurityPolicy(
  request: NextRequest,
  options: Omit<PolicyOptions, "brandImages">,
): NextResponse {
  const policy = contentSecurityPolicy(createNonce(), {
    ...options,
    brandImages: isBrandedPage(request.nextUrl.pathname),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}
