import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";
import { TRACKING_RESPONSE_HEADERS } from "./lib/movement-requests/tracking-headers";

// Sent with every response (pages, the API, static files). The Content-Security-Policy needs a nonce per
// page: proxy.ts sets it (lib/security/content-security-policy.ts). docs/security.md has the whole list.
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

// Production builds (next build, npm start) pin https for a year; browsers ignore it over plain http
// (RFC 6797 §8.1), so local production runs are unaffected. Never from `next dev` (the development
// phase), which may be served over https on localhost, where a year-long pin would outlive the session.
const transportSecurity = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

const nextConfig = (phase: string): NextConfig => ({
  async headers() {
    const production = phase !== PHASE_DEVELOPMENT_SERVER;
    return [
      { source: "/:path*", headers: production ? [...securityHeaders, transportSecurity] : securityHeaders },
      // A customer's tracking page: private to them, never indexed.
      {
        source: "/track/:path*",
        headers: Object.entries(TRACKING_RESPONSE_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
  // The server runs PGlite and pg; keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg"],
  poweredByHeader: false,
  // requireStaff() answers a signed-in user without the role with forbidden() (a 403 page in the shell).
  experimental: { authInterrupts: true },
  // The build checks the application's types only: a broken test must not stop `npm start`
  // (npm test type-checks everything).
  typescript: { tsconfigPath: "tsconfig.build.json" },
  typedRoutes: false,
});

export default nextConfig;
