import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const shared = {
  resolve: {
    alias: {
      "@": root,
      // Next resolves server-only to an empty module on the server; so do the tests.
      "server-only": path.join(root, "test/empty-module.ts"),
    },
  },
};

export default defineConfig({
  test: {
    // Tests make bursts of requests with one key; the rate-limit tests set their own limits, and settle
    // when they mean to (a timer's settle would outlive the test's database). API keys are looked up on
    // every request (tests revoke and expect the next request refused); the cache's own test sets a TTL.
    env: {
      RATE_LIMIT_REQUESTS: "100000",
      RATE_LIMIT_SETTLE_MS: "10000",
      API_KEY_CACHE_SECONDS: "0",
      LOG_LEVEL: "warn",
    },
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["{lib,components,app,prisma,server,lint}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          environment: "node",
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["{lib,app,prisma,server}/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["./test/integration-global-setup.ts"],
          // Every file gets its own database, so files may run side by side. Two at once: with four, the
          // worker-chaos test (5,000 deliveries while its worker is killed 20 times) ran out of its
          // 300 s on a clean clone, on Node 20 and Node 24.
          pool: "forks",
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
