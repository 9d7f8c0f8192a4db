// Workshop screens: an admin hands out a link for a prep site; it opens without signing in, shows the
// board in large type, follows changes live, and stops working once revoked.
import { expect, test } from "@playwright/test";
import { env } from "@/lib/env";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test("an admin's workshop-screen link shows the live board without sign-in until it is revoked", async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/prep-jobs/display-links" });
  await expect(page.getByRole("heading", { level: 1, name: "Workshop screens" })).toBeVisible();
  await page.getByLabel("Screen name").fill("Coventry workshop TV");
  await page.getByLabel("Prep site").selectOption({ label: "Northgate Prep Centre Coventry (COV1)" });
  await page.getByRole("button", { name: "Create link" }).click();
  const url = (await page.getByTestId("display-link-url").textContent())!.trim();
  expect(url).toMatch(/\/display\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(url).pathname;
  await expect(
    page.getByTestId("display-link-row").filter({ hasText: "Coventry workshop TV" }),
  ).toContainText("Active");

  // A screen in the workshop: a fresh browser without any session, full HD.
  const screen = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const tv = await screen.newPage();
  const opened = await tv.goto(path);
  expect(opened?.status()).toBe(200);
  await expect(tv.getByRole("heading", { level: 1, name: "Northgate Prep Centre Coventry" })).toBeVisible();
  await expect(tv.getByTestId("display-connection")).toHaveText("Live");
  const headingSize = await tv
    .getByRole("heading", { level: 1 })
    .evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
  expect(headingSize).toBeGreaterThanOrEqual(40);
  const plateSize = await tv
    .locator("section[data-stage=ARRIVED] p.font-mono")
    .first()
    .evaluate((p) => parseFloat(getComputedStyle(p).fontSize));
  expect(plateSize).toBeGreaterThanOrEqual(24);
  // Read-only: nothing to drag.
  await expect(tv.getByRole("button")).toHaveCount(0);

  // Live: the Mazda CX-5 is appraised through the API.
  const arrived = tv.locator("section[data-stage=ARRIVED]");
  const appraised = tv.locator("section[data-stage=APPRAISED]");
  const plate = (await arrived.locator("p.font-mono").first().textContent())!.trim();
  const headers = { "X-Service-API-Key": env().DEMO_API_KEY_A };
  const found = await request.get(`/v1/prep-jobs?${new URLSearchParams({ vrm: plate })}`, { headers });
  const vin = ((await found.json()) as { data: { vin: string }[] }).data[0]!.vin;
  expect((await request.patch(`/v1/prep-jobs/appraised?vin=${vin}`, { headers })).status()).toBe(200);
  await expect(appraised.getByText(plate)).toBeVisible({ timeout: 1_000 });
  await tv.screenshot({ path: "e2e/screenshots/workshop-screen.png" });

  // Revoked: the link, its data and its stream are 404.
  await page.getByRole("button", { name: "Revoke Coventry workshop TV" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
  await expect(
    page.getByTestId("display-link-row").filter({ hasText: "Coventry workshop TV" }),
  ).toContainText("Revoked");
  const again = await tv.goto(path);
  expect(again?.status()).toBe(404);
  await expect(tv.getByRole("heading", { level: 1 })).toHaveText("This workshop screen link does not work");
  expect((await request.get(`${path}/board`)).status()).toBe(404);
  expect((await request.get(`${path}/stream`)).status()).toBe(404);
  await screen.close();
});

test("an unknown workshop-screen link is a 404", async ({ page }) => {
  const response = await page.goto(`/display/${"A".repeat(43)}`);
  expect(response?.status()).toBe(404);
});
