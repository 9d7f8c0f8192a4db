import { expect, test } from "@playwright/test";
import { env } from "@/lib/env";

test("the tracking link of a new movement opens without signing in and shows no personal data", async ({
  page,
  request,
}) => {
  const headers = { "X-Service-API-Key": env().DEMO_API_KEY_A };
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
  const { trackingUrl } = (await created.json()) as { trackingUrl: string };
  await page.goto(new URL(trackingUrl).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Awaiting planning");
  await expect(page.getByText("Ford Kuga")).toBeVisible();
  const text = await page.locator("body").innerText();
  for (const secret of ["WF0XXXGCDX5555555", "AB12 CDE", "private.buyer", "4321"])
    expect(text).not.toContain(secret);
  await page.screenshot({ path: "e2e/screenshots/tracking-page.png", fullPage: true });
});

test("an unknown tracking token is a 404 page", async ({ page }) => {
  const response = await page.goto("/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
});

test("the API reference renders", async ({ page }) => {
  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("#error-invalid-vrm")).toHaveCount(1);
  await page.screenshot({ path: "e2e/screenshots/api-reference.png" });
});
