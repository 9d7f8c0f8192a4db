// End-to-end tests: a production build served by server/start.mjs on a fresh PostgreSQL database,
// driven by Debian's Chromium (Playwright downloads no browser here).
import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_BASE_URL, E2E_METRICS_TOKEN, E2E_PORT } from "./support/e2e-environment";

/**
 * Debian's old headless shell (package chromium-headless-shell) when it is installed: the browser
 * Playwright itself runs headless tests in. The full browser's headless mode also runs its GPU and
 * compositor processes, which took a third of the suite's time on two cores.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: ".",
  outputDir: ".results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // A flaky test is fixed, not retried.
  retries: 0,
  timeout: 60_000,
  // A navigation renders a whole page on the server; on a busy two-core CI machine 5 s is too close.
  expect: {
    timeout: 10_000,
    // Baselines (e2e/ui/look.spec.ts): no animation or caret, CSS pixels, and a little room for
    // anti-aliasing; a changed layout or colour is far more than 1 % of the pixels.
    toHaveScreenshot: { animations: "disabled", caret: "hide", scale: "css", maxDiffPixelRatio: 0.01 },
  },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    },
  },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    {
      name: "ui",
      testMatch: "ui/**/*.spec.ts",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node e2e/support/start-e2e-server.mjs",
    cwd: path.join(import.meta.dirname, ".."),
    url: `${E2E_BASE_URL}/api/ready`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(E2E_PORT), RATE_LIMIT_REQUESTS: "10000", METRICS_TOKEN: E2E_METRICS_TOKEN },
  },
});
