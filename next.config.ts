import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";
import { GEOLOCATION_PAGES, permissionsPolicy, securityHeaders } from "./lib/security/response-headers.mjs";
import { TRACKING_RESPONSE_HEADERS } from "./lib/movement-requests/tracking-headers";

const nextConfig = (phase: string): NextConfig => ({
  async headers() {
    // Sent with every response Next answers (lib/security/response-headers.mjs).
    const production = phase !== PHASE_DEVELOPMENT_SERVER;
    return [
      { source: "/:path*", headers: securityHeaders({ production }) },
      // A later rule's header replaces an earlier one's: the job pages may ask for the position.
      ...GEOLOCATION_PAGES.map((source) => ({
        source,
        headers: [{ key: "Permissions-Policy", value: permissionsPolicy({ geolocation: true }) }],
      })),
      // A customer's tracking page: private to them, never indexed.
      {
        source: "/track/:path*",
        headers: Object.entries(TRACKING_RESPONSE_HEADERS).map(([key, value]) => ({ key, value })),
      },
      // A carrier's job page: the link is its credential, so the same: private, never indexed.
      {
        source: "/jobs/:path*",
        headers: Object.entries(TRACKING_RESPONSE_HEADERS).map(([key, value]) => ({ key, value })),
      },
    ];
  },
  // pg and Kysely stay Node modules of their own, out of the bundle: one copy of each per process (the
  // build would otherwise put a copy of Kysely in each chunk that uses it).
  // prom-client too: the front door (server/front-door.mjs, outside the bundle) and the route handlers
  // must record into the same registry, one per process.
  // OpenTelemetry too (loaded only when tracing is on): its SDK hooks `require` to instrument pg, and
  // its registry of the active span must be the one copy the front door (outside the bundle) uses.
  serverExternalPackages: [
    "pg",
    "kysely",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/semantic-conventions",
  ],
  // The build's version on the /system page: package.json's, and the commit it was built from.
  env: { VMS_BUILD_VERSION: buildVersion() },
  poweredByHeader: false,
  // requireStaff() answers a signed-in user without the role with forbidden() (a 403 page in the shell).
  experimental: { authInterrupts: true },
  // The build checks the application's types only: a broken test must not stop `npm start`
  // (npm test type-checks everything).
  typescript: { tsconfigPath: "tsconfig.build.json" },
  typedRoutes: false,
});

/** "0.1.0+abc1234", or the version alone outside a git checkout. */
function buildVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
    return sha ? `${version}+${sha}` : version;
  } catch {
    return version;
  }
}

export default nextConfig;
