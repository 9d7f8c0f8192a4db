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
    // Tests make bursts of requests with one key; the rate-limit test sets its own low limit.
    env: { RATE_LIMIT_REQUESTS: "100000", LOG_LEVEL: "warn" },
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        ...shared,
        test: {
          name: "unit",
          include: ["{lib,components,app,prisma,scripts,lint}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          environment: "node",
          sequence: { groupOrder: 0 },
        },
      },
      {
        ...shared,
        test: {
          name: "integration",
          include: ["{lib,app,prisma,scripts}/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["./test/integration-global-setup.ts"],
          // Every file gets its own database, so files may run side by side.
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
