// next-auth settings shared by the sign-in handlers (staff-auth.ts) and proxy.ts: sessions, cookies,
// the token's contents. No database and no password code here, so that the proxy stays light.
import type { NextAuthConfig } from "next-auth";
import { env } from "@/lib/env";
import { isUserRole } from "@/lib/auth/roles";
import { logger } from "@/lib/logger";

/** A staff session lasts one shift: 12 hours from sign-in, however active (docs/ui.md). */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** The session cookie's name (next-auth's default), with the __Secure- prefix on https. */
export const SESSION_COOKIE = "authjs.session-token";
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/** A token from a sign-in of ours, less than 12 hours old (checked by next-auth and by proxy.ts). */
export function isCurrentSessionToken(
  token: { sub?: unknown; signedInAt?: unknown },
  now = Math.floor(Date.now() / 1000),
): boolean {
  return (
    typeof token.sub === "string" &&
    typeof token.signedInAt === "number" &&
    now - token.signedInAt <= SESSION_MAX_AGE_SECONDS
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

export function staffAuthConfig(): NextAuthConfig {
  return {
    secret: authSecret(),
    // Behind scripts/start.mjs's own HTTP server (and any reverse proxy): trust Host / X-Forwarded-*.
    trustHost: true,
    useSecureCookies: secureCookies(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
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
