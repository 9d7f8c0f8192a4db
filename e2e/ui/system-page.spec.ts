// The /system page (issue 18 §3): an administrator sees the worker's heartbeat, the webhook backlog
// with its last hour, the database and its migration, the build, and their organisation's endpoints
// with their delivery success, refreshed live; a dispatcher is refused the page and its JSON.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { env } from "@/lib/env";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import { createAndCancelMovement } from "../support/cancelled-movement";
import { DEMO_STAFF, signIn } from "../support/sign-in";

const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A };
const latestMigration = readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()
  .at(-1)!;
const { version } = JSON.parse(readFileSync("package.json", "utf8")) as { version: string };

let receiver: WebhookReceiver;
test.afterAll(async () => receiver?.close());

test("an administrator sees the system's state on one screen, refreshed live", async ({ page, request }) => {
  // A delivered webhook, so that the organisation's endpoint has a success rate to show.
  receiver = await startWebhookReceiver(200, { path: "/system-page-hooks" });
  const endpoint = await request.post("/v1/webhooks/endpoints", {
    headers: integration,
    data: { url: receiver.url, eventTypes: ["movement.cancelled"] },
  });
  expect(endpoint.status()).toBe(201);
  await createAndCancelMovement(request, {
    vin: "WF0XXXGCDX5550001",
    make: "Ford",
    model: "Focus",
    externalVehicleId: "e2e-system-1",
  });
  await receiver.waitFor(1, 30_000);

  await signIn(page, DEMO_STAFF.admin);
  await page.getByRole("link", { name: "System" }).first().click();
  await expect(page).toHaveURL(/\/system$/);
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();

  await expect(page.getByTestId("tile-worker")).toContainText(/Last loop \d+ s ago/);
  await expect(page.getByTestId("tile-worker")).toContainText(/1 worker alive/);
  await expect(page.getByTestId("tile-database")).toContainText("Reachable");
  await expect(page.getByTestId("tile-database")).toContainText(latestMigration);
  await expect(page.getByTestId("tile-build")).toContainText(
    new RegExp(`^Build${version.replaceAll(".", "\\.")}`),
  );
  await expect(page.getByTestId("tile-backlog")).toBeVisible();
  // The worker samples the backlog when it starts, and once a minute.
  await expect(page.getByTestId("backlog-sparkline")).toHaveAttribute("aria-label", /of 60 minutes sampled/);
  const row = page.getByTestId("endpoint-row").filter({ hasText: receiver.url });
  await expect(row).toContainText("Enabled");
  await expect(row).toContainText("100 %");

  // Live: the page polls its JSON and shows the new measurement.
  const measured = await page.locator("[aria-live] time").getAttribute("datetime");
  const polled = await page.waitForResponse((response) => response.url().endsWith("/api/system"), {
    timeout: 15_000,
  });
  expect(polled.status()).toBe(200);
  await expect(page.locator("[aria-live] time")).not.toHaveAttribute("datetime", measured!);

  await page.screenshot({ path: "e2e/screenshots/system.png", fullPage: true });
});

test("a dispatcher is refused the system page and its JSON, and has no link to it", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher);
  await expect(page.getByRole("link", { name: "System" })).toHaveCount(0);
  await page.goto("/system");
  await expect(page.getByRole("heading", { level: 1, name: "System" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /do not have access/i }).first()).toBeVisible();
  expect((await page.request.get("/api/system")).status()).toBe(403);
});
