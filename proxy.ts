// Route protection, in one place: a visitor without a staff session is sent to /sign-in (pages) or
// answered 401 (staff-only endpoints, server actions). Public paths (lib/auth/route-access.ts) need no
// session: the /v1 API (API keys only), /api/auth, health, tracking pages, workshop screens, docs.
// This is the optimistic check (the session token only); pages and actions confirm the user against
// the database with requireStaff(). It only reads the cookie, never writes it: a session lasts 12
// hours from sign-in, and a cookie written here could undo a sign-out running in the same request.
// A write from another site's page (CSRF) is refused first (lib/security/cross-site-request.ts).
// Every request it lets through gets the Content-Security-Policy with a fresh nonce, public pages too
// (lib/security/content-security-policy.ts).
import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { isApiPath, isPublicPath, signInPath } from "@/lib/auth/route-access";
import {
  authSecret,
  HOST_SESSION_COOKIE,
  isCurrentSessionToken,
  secureCookies,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
} from "@/lib/auth/staff-auth.config";
import { env } from "@/lib/env";
import { mapTilesOrigin } from "@/lib/maps/map-tiles";
import { nextWithContentSecurityPolicy } from "@/lib/security/content-security-policy";
import { isCrossSiteWrite } from "@/lib/security/cross-site-request";

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (isCrossSiteWrite(request)) {
    return NextResponse.json(
      { code: "FORBIDDEN", message: "Cross-site request refused: send it from this site's own pages." },
      { status: 403, headers: { "content-type": "application/problem+json" } },
    );
  }
  if (isPublicPath(pathname) || (await hasStaffSession(request))) {
    return nextWithContentSecurityPolicy(request, {
      development: env().NODE_ENV === "development",
      mapTilesOrigin: mapTilesOrigin(env().MAP_TILES_URL),
    });
  }

  if (isApiPath(pathname)) {
    return NextResponse.json(
      { code: "UNAUTHORIZED", message: "Sign in to use this endpoint." },
      { status: 401, headers: { "content-type": "application/problem+json" } },
    );
  }
  if (request.headers.has("next-action") || (request.method !== "GET" && request.method !== "HEAD")) {
    // A server action from a page whose session has ended: the message reaches the page's error view.
    return new NextResponse("Your session has ended. Sign in again to continue.", {
      status: 401,
      headers: { "content-type": "text/plain" },
    });
  }
  return NextResponse.redirect(new URL(signInPath(`${pathname}${search}`), publicOrigin(request)));
}

async function hasStaffSession(request: NextRequest): Promise<boolean> {
  const secure = secureCookies();
  const candidates =
    secure === undefined
      ? [SECURE_SESSION_COOKIE, SESSION_COOKIE]
      : [secure ? HOST_SESSION_COOKIE : SESSION_COOKIE];
  for (const cookieName of candidates) {
    // Long tokens are split into cookieName.0, .1…; getToken joins them.
    const present = request.cookies
      .getAll()
      .some((cookie) => cookie.name === cookieName || cookie.name.startsWith(`${cookieName}.`));
    if (!present) continue;
    const token = await getToken({
      req: request,
      secret: authSecret(),
      cookieName,
      salt: cookieName,
      secureCookie: cookieName !== SESSION_COOKIE,
    });
    if (token && isCurrentSessionToken(token)) return true;
  }
  return false;
}

/**
 * Where redirects go: APP_URL, never a host taken from the request (Host, X-Forwarded-Host: an open
 * redirect, or a poisoned cache). Without APP_URL, Next's own origin, which it turns into a relative
 * Location (the browser stays on the host it asked).
 */
function publicOrigin(request: NextRequest): string {
  return env().APP_URL ?? request.nextUrl.origin;
}

export const config = {
  // Never run for the API, next-auth, health checks or build assets: no page, no session to read.
  // Public pages (tracking, workshop screens, docs, sign-in) do pass: they need their nonce.
  matcher: ["/((?!v1(?:/|$)|api/auth|api/health|api/ready|_next/static|_next/image|favicon\\.ico).*)"],
};
