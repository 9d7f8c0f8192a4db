import type { NextConfig } from "next";

// Sent with every response (pages, the API, static files).
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // Browsers ignore it over plain http (local runs); behind TLS it pins https for a year.
  { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" },
];

const nextConfig: NextConfig = {
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
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
};

export default nextConfig;
