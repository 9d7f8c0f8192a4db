import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";
import { securityHeaders } from "./lib/security/response-headers.mjs";
import { TRACKING_RESPONSE_HEADERS } from "./lib/movement-requests/tracking-headers";

const nextConfig = (phase: string): NextConfig => ({
  async headers() {
    // Sent with every response Next answers (lib/security/response-headers.mjs).
    const production = phase !== PHASE_DEVELOPMENT_SERVER;
    return [
      { source: "/:path*", headers: securityHeaders({ production }) },
      // A customer's tracking page: private to them, never indexed.
      {
        source: "/track/:path*",
        headers: Object.entries(TRACKING_RESPONSE_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
  // pg and Kysely stay Node modules of their own, out of the bundle: one copy of each per process (the
  // build would otherwise put a copy of Kysely in each chunk that uses it).
  serverExternalPackages: ["pg", "kysely"],
  poweredByHeader: false,
  // requireStaff() answers a signed-in user without the role with forbidden() (a 403 page in the shell).
  experimental: { authInterrupts: true },
  // The build checks the application's types only: a broken test must not stop `npm start`
  // (npm test type-checks everything).
  typescript: { tsconfigPath: "tsconfig.build.json" },
  typedRoutes: false,
});

export default nextConfig;
