// next-auth settings shared by the sign-in handlers (staff-auth.ts) and proxy.ts: sessions, cookies,
// the token's contents. No database and no password code here, so that the proxy stays light.
import type { NextAuthConfig } from "next-auth";
import { env } from "@/lib/env";
import { isUserRole } from "@/lib/auth/roles";
import { logger } from "@/lib/logger";

/** The token's lifetime: the absolute timeout (a shift, 12 hours by default; docs/security.md). */
export function sessionMaxAgeSeconds(): number {
  return env().SESSION_ABSOLUTE_TIMEOUT_HOURS * 60 * 60;
}

/** The session cookie's name: next-auth's default, `__Host-` prefixed when this server is on https. */
export const SESSION_COOKIE = "authjs.session-token";
/** next-auth's own name on an https request when the public address is not configured. */
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;
/** Secure, host-only, path "/": no subdomain or plain-http page can set or shadow it. */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * A token from a sign-in of ours (it names its server-side session, `sid`), within the absolute
 * timeout. Checked by next-auth and by proxy.ts; whether the session is still live is asked of the
 * database by getStaffContext (lib/auth/user-sessions.ts).
 */
export function isCurrentSessionToken(
  token: { sub?: unknown; sid?: unknown; signedInAt?: unknown },
  now = Math.floor(Date.now() / 1000),
): boolean {
  return (
    typeof token.sub === "string" &&
    typeof token.sid === "string" &&
    typeof token.signedInAt === "number" &&
    now - token.signedInAt <= sessionMaxAgeSeconds()
  );
}

/** Used only outside production when AUTH_SECRET is not set, so that `npm run dev` and tests just work. */
const DEVELOPMENT_SECRET = "vms-development-only-auth-secret-not-for-production";

export function authSecret(): string {
  const secret = env().AUTH_SECRET;
  if (secret) return secret;
  if (env().NODE_ENV !== "production") return DEVELOPMENT_SECRET;
  throw new Error(
    "AUTH_SECRET is not set: staff sign-in needs 32+ random characters (openssl rand -base64 32).",
  );
}

/**
 * Secure (and __Secure- prefixed) session cookies when this server's public address is https. With
 * neither AUTH_URL nor PUBLIC_BASE_URL set, next-auth decides per request from its protocol
 * (X-Forwarded-Proto behind a TLS proxy). Not NODE_ENV: a production build served on plain http
 * (the e2e tests, `npm start` on localhost) could never keep a Secure cookie.
 */
export function secureCookies(): boolean | undefined {
  const base = env().AUTH_URL ?? env().PUBLIC_BASE_URL;
  return base ? new URL(base).protocol === "https:" : undefined;
}

/** What a `__Host-` cookie must be: Secure, path "/", no Domain. */
const hostCookie = { httpOnly: true, sameSite: "lax", path: "/", secure: true } as const;

export function staffAuthConfig(): NextAuthConfig {
  return {
    secret: authSecret(),
    // Behind server/start.mjs's own HTTP server (and any reverse proxy): trust Host / X-Forwarded-*.
    trustHost: true,
    useSecureCookies: secureCookies(),
    ...(secureCookies()
      ? { cookies: { sessionToken: { name: HOST_SESSION_COOKIE, options: hostCookie } } }
      : {}),
    session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds() },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    providers: [],
    callbacks: {
      jwt({ token, user }) {
        const now = Math.floor(Date.now() / 1000);
        if (user) {
          token.sub = user.id;
          token.organisationId = user.organisationId;
          token.role = user.role;
          token.signedInAt = now;
          token.sid = user.sessionId;
        }
        // null ends the session (next-auth clears the cookie): past the shift, or an old token shape.
        return isCurrentSessionToken(token, now) ? token : null;
      },
      session({ session, token }) {
        if (token.sub && typeof token.organisationId === "string" && isUserRole(token.role)) {
          session.user = {
            ...session.user,
            id: token.sub,
            email: token.email ?? "",
            name: token.name ?? "",
            role: token.role,
            organisationId: token.organisationId,
          };
          if (typeof token.sid === "string") session.sessionId = token.sid;
        }
        return session;
      },
    },
    logger: {
      error(error) {
        // A refused password is an expected outcome, logged by authorizeCredentials. (`type`, not the
        // class: this file stays free of next-auth's runtime, and minified builds rename classes.)
        if ((error as { type?: unknown }).type === "CredentialsSignin") return;
        logger.error("next-auth error", { error });
      },
      warn(code) {
        logger.warn("next-auth warning", { code });
      },
      debug(message, metadata) {
        logger.debug(`next-auth: ${message}`, { metadata });
      },
    },
  };
}
