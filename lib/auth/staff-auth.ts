// Staff sign-in (next-auth): e-mail + password, JWT sessions that name a server-side session record
// (lib/auth/user-sessions.ts), ended at sign-out. `auth()` reads the session in server code; `handlers` serve /api/auth/*; sign-in and sign-out go through lib/auth/sign-in-actions.ts.
// The /v1 API never looks at these sessions: it is API-key only.
import "server-only";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authorizeCredentials } from "@/lib/auth/authorize-credentials";
import { clientIpFrom } from "@/lib/auth/client-ip";
import { staffAuthConfig } from "@/lib/auth/staff-auth.config";
import { endUserSession } from "@/lib/auth/user-sessions";
import { requestIdOf } from "@/lib/request-context/request-id";

/** next-auth refuses a sign-in with this when the throttle is hit; the form shows a wait time. */
export class SignInRateLimited extends CredentialsSignin {
  override code = "rate_limited";
  constructor(readonly retryAfterSeconds: number) {
    super();
  }
}

// A function, so that the settings (AUTH_SECRET…) are read on the first request, not at build time.
export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  ...staffAuthConfig(),
  providers: [
    Credentials({
      credentials: {
        email: { label: "E-mail", type: "email" },
        password: { label: "Password", type: "password" },
      },
      async authorize(credentials, request) {
        const check = await authorizeCredentials(
          { email: credentials.email, password: credentials.password },
          {
            ip: clientIpFrom(request.headers),
            userAgent: request.headers.get("user-agent"),
            requestId: requestIdOf(request),
          },
        );
        if (check.outcome === "rate-limited") throw new SignInRateLimited(check.retryAfterSeconds);
        if (check.outcome === "invalid") return null;
        return check.user;
      },
    }),
  ],
  events: {
    // Sign-out ends the record, so that a copy of the cookie stops working at once.
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid === "string") await endUserSession({ sessionId: sid }, "signed-out");
    },
  },
}));
