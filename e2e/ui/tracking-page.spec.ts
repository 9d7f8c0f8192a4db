// The tracking page a dealer sends a customer: the organisation, a status in the customer's words,
// times local to each site with the zone named, a timeline, live updates, nothing internal, built
// for a phone; an unknown link is a styled 404. Never cached publicly, never indexed.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { expectAccessible } from "../support/accessibility";

const headers = { "X-Service-API-Key": env().DEMO_API_KEY_A };

async function createTrackedMovement(request: APIRequestContext): Promise<{ id: string; path: string }> {
  const sites = (
    (await (await request.get("/v1/infrastructure/sites", { headers })).json()) as {
      data: { id: string; countryCode: string }[];
    }
  ).data.filter((site) => site.countryCode === "GB");
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers,
    data: {
      vehicle: { vin: "WF0XXXGCDX5555555", vrm: "AB12 CDE", make: "Ford", model: "Kuga" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-01-20" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
      requestedBy: "private.buyer@example.com",
      notes: "Gate code 4321",
    },
  });
  expect(created.status()).toBe(201);
  const { id, trackingUrl } = (await created.json()) as { id: string; trackingUrl: string };
  return { id, path: new URL(trackingUrl).pathname };
}

async function expectPrivateAndUnindexed(page: Page, response: Awaited<ReturnType<Page["goto"]>>) {
  const cacheControl = response!.headers()["cache-control"] ?? "";
  expect(cacheControl).toContain("no-store");
  expect(cacheControl).toContain("private");
  expect(cacheControl).not.toContain("public");
  expect(response!.headers()["x-robots-tag"]).toContain("noindex");
  const robots = page.locator('meta[name="robots"]');
  await expect(robots.first()).toHaveAttribute("content", /noindex/);
  for (const content of await robots.evaluateAll((metas) =>
    metas.map((meta) => meta.getAttribute("content")),
  ))
    expect(content).toContain("noindex");
}

test("on a phone the tracking page names the organisation, says where the car is and when, local time", async ({
  page,
  request,
}) => {
  // Axe runs four times and the page polls for up to 30 s: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { id, path } = await createTrackedMovement(request);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expectPrivateAndUnindexed(page, response);

  await expect(page.getByTestId("organisation-name")).toHaveText("Northgate Motors");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booked");
  await expect(page.getByText("Ford Kuga")).toBeVisible();
  // The timeline: booked now, in the origin site's local time with its zone named.
  const booked = page.getByRole("listitem").filter({ hasText: "Booked" });
  await expect(booked).toHaveAttribute("aria-current", "step");
  await expect(booked.locator("time")).toHaveText(/^\w{3} \d{1,2} \w{3}, \d\d:\d\d (GMT|BST)$/);
  await expect(page.getByText(/local time \((GMT|BST)\)/).first()).toBeVisible();
  for (const step of ["Driver assigned", "Collected / On the way", "Delivered"])
    await expect(page.getByRole("listitem").filter({ hasText: step })).toHaveAttribute(
      "data-state",
      "upcoming",
    );

  const text = await page.locator("body").innerText();
  for (const secret of [id, "WF0XXXGCDX5555555", "AB12 CDE", "private.buyer", "4321", "Awaiting planning"])
    expect(text).not.toContain(secret);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
  await page.screenshot({ path: "e2e/screenshots/tracking-page-390x844.png", fullPage: true });
  await page.setViewportSize({ width: 360, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: "e2e/screenshots/tracking-page-360x640.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page);
  await page.screenshot({ path: "e2e/screenshots/tracking-page.png", fullPage: true });

  // Called off meanwhile: the open page says so within 30 s, without a reload.
  expect((await request.post(`/v1/movement-requests/${id}/cancel`, { headers })).status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cancelled", { timeout: 30_000 });
  const status = await request.get(`${path}/status`);
  expect(status.headers()["cache-control"]).toContain("no-store");
  expect(((await status.json()) as { status: string }).status).toBe("CANCELLED");
});

test("an unknown tracking link gets a styled 404 that says it is not valid", async ({ page, request }) => {
  test.setTimeout(120_000);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 720 },
  ]) {
    await page.setViewportSize(size);
    const response = await page.goto("/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(response?.status()).toBe(404);
    await expectPrivateAndUnindexed(page, response);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This tracking link is not valid");
    await expectAccessible(page);
  }
  await page.screenshot({ path: "e2e/screenshots/tracking-page-not-valid.png" });
  const status = await request.get("/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/status");
  expect(status.status()).toBe(404);
  expect(status.headers()["content-type"]).toContain("application/problem+json");
});
