import { expect, test } from "@playwright/test";

test("the home page renders", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Vehicle Movement Service" })).toBeVisible();
});

test("health and readiness answer", async ({ request }) => {
  expect((await request.get("/api/health")).status()).toBe(200);
  const ready = await request.get("/api/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok" } });
});
