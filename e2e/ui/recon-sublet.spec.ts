// A work item at a sublet vendor (issue 37), as a prep site runs it: prep staff on a tablet send an
// approved item to a new sublet vendor from the card drawer; the drawer shows the vendor's link. The
// vendor opens it on a phone with no account (a browser of its own), sees the vehicle and its item,
// accepts it, gives its final price, attaches a photo and marks it done. The staff's drawer then shows
// the item done at that actual cost, with the photo. A revoked link is a clear 404. The job is this
// spec's own (inserted at Wakefield, with its approved item), so the seeded ones stay put.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { newId } from "@/lib/ids";
import { expectAccessible } from "../support/accessibility";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL } from "../support/e2e-environment";
import { cameraJpeg } from "../support/proof-form";
import {
  PHONE,
  TABLET,
  expectNoSidewaysScroll,
  insertArrivedJob,
  openDrawer as openJobDrawer,
} from "../support/recon-drawer";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.describe.configure({ timeout: 180_000 });
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const JOB = { vrm: "SB01 LET", vin: "E2ERECON0SUBLET01", make: "Kia", model: "Ceed", inStageFor: "3 hours" };
const VRM = JOB.vrm;
const VENDOR = `Kerbside Wheels ${Date.now().toString(36)}`;

let wakefieldId: string;

test.beforeAll(async () => {
  const place = await insertArrivedJob("WKF1", JOB);
  wakefieldId = place.siteId;
  await withE2eDatabase(async (client) => {
    const itemId = newId();
    await client.query(
      `INSERT INTO "ReconWorkItem" (id, "organisationId", "prepJobId", category, description, state, currency,
         "estimatedCents", "decidedBy", "decidedAt", "createdBy", "updatedAt")
       VALUES ($1, $2, $3, 'SUBLET', 'Refurbish four alloy wheels', 'APPROVED', 'GBP', 32000,
         'user:manager@demo.test', now(), 'e2e', now())`,
      [itemId, place.organisationId, place.prepJobId],
    );
    await client.query(
      `INSERT INTO "ReconEstimateLine" (id, "organisationId", "workItemId", position, kind, description, "amountCents")
       VALUES ($1, $2, $3, 0, 'SUBLET', 'Wheel refurbishment', 32000)`,
      [newId(), place.organisationId, itemId],
    );
  });
});

const openDrawer = (page: Page): Promise<Locator> => openJobDrawer(page, wakefieldId, JOB);

test("an item at a sublet vendor: sent from a tablet, finished on the vendor's phone with no account", async ({
  browser,
}) => {
  const staffContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: TABLET,
    hasTouch: true,
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  const staff = await staffContext.newPage();
  await signIn(staff, DEMO_STAFF.prep);
  const drawer = await openDrawer(staff);
  const item = drawer.getByTestId("work-item");
  await expect(item.getByTestId("work-item-state")).toHaveText("Approved");

  // "At sublet" asks for the vendor: a new one, named here (the list offers the demo's vendors).
  await item.getByRole("button", { name: "At sublet" }).click();
  const form = item.getByRole("form", { name: "Send to a sublet vendor" });
  await form.getByLabel("Sublet vendor").selectOption({ label: "A new vendor…" });
  await form.getByRole("button", { name: "Send to sublet" }).click();
  await expect(form.getByText("Give the vendor's name")).toBeVisible();
  await form.getByLabel("Vendor's name").fill(VENDOR);
  await form.getByLabel("Phone").fill("+44 1924 555 0100");
  await form.getByRole("button", { name: "Send to sublet" }).click();
  await expect(item.getByTestId("work-item-state")).toHaveText("At sublet");
  await expect(item.getByText(`Sublet: ${VENDOR}, not accepted yet`)).toBeVisible();
  const link = drawer.getByTestId("sublet-link").filter({ hasText: VENDOR });
  await expect(link.getByRole("button", { name: `Copy link for ${VENDOR}` })).toBeVisible();
  const url = (await link.getByTestId("sublet-link-url").textContent())!.trim();
  expect(url).toMatch(/\/sublet\/[A-Za-z0-9_-]{43}$/);
  await expectNoSidewaysScroll(staff, drawer);
  await expectAccessible(staff, { include: "dialog" });
  await staff.screenshot({ path: "e2e/screenshots/recon-sublet-tablet-sent.png" });

  // The vendor: a phone, a browser of its own, no session.
  const vendorContext = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  const vendor = await vendorContext.newPage();
  await vendor.goto(new URL(new URL(url).pathname, E2E_BASE_URL).toString());
  await expect(vendor.getByRole("heading", { name: `For ${VENDOR}` })).toBeVisible();
  await expect(vendor.getByText(VRM)).toBeVisible();
  await expect(vendor.getByText("Kia Ceed")).toBeVisible();
  await expect(vendor.getByText(/At .*Wakefield/)).toBeVisible();
  const card = vendor.getByTestId("sublet-item");
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Refurbish four alloy wheels")).toBeVisible();
  await expectAccessible(vendor);
  await expectNoSidewaysScroll(vendor);
  await vendor.screenshot({ path: "e2e/screenshots/recon-sublet-phone-open.png", fullPage: true });

  await card.getByRole("button", { name: "Accept" }).click();
  await expect(card.getByTestId("sublet-item-status")).toHaveText("Accepted: waiting for you to finish it.");
  // A price that is no amount is refused on the phone, and nothing is sent.
  await card.getByLabel("Your final price (£)").fill("-5");
  await card.getByRole("button", { name: "Mark done" }).click();
  await expect(card.getByText("Give your final price as an amount, e.g. 120.00.")).toBeVisible();
  await card.getByLabel("Your final price (£)").fill("295.50");
  await card.getByRole("button", { name: "Save price" }).click();
  await expect(card.getByText("Saved: £295.50")).toBeVisible();
  await card.getByLabel("Attach a photo").setInputFiles({
    name: "wheels.jpg",
    mimeType: "image/jpeg",
    buffer: await cameraJpeg(vendor, "#0f766e"),
  });
  await expect(card.getByRole("img", { name: /Photo 1 of/ })).toBeVisible();
  await expectAccessible(vendor);
  await vendor.screenshot({ path: "e2e/screenshots/recon-sublet-phone-priced.png", fullPage: true });
  await card.getByRole("button", { name: "Mark done" }).click();
  await expect(card.getByTestId("sublet-item-status")).toHaveText("Done: £295.50. Thank you.");
  await expect(card.getByRole("button")).toHaveCount(0);
  await expectNoSidewaysScroll(vendor);
  await vendor.screenshot({ path: "e2e/screenshots/recon-sublet-phone-done.png", fullPage: true });
  // The same page on a tablet and a desktop-sized screen.
  for (const [name, size] of [
    ["tablet", TABLET],
    ["desktop", { width: 1280, height: 720 }],
  ] as const) {
    await vendor.setViewportSize(size);
    await expectNoSidewaysScroll(vendor);
    await vendor.screenshot({ path: `e2e/screenshots/recon-sublet-${name}-vendor-done.png` });
  }

  // The staff's drawer, still open, hears it: done at the vendor's price, with the photo.
  await expect(item.getByTestId("work-item-state")).toHaveText("Done", { timeout: 15_000 });
  await expect(item.getByTestId("work-item-actual")).toHaveText("£295.50");
  await expect(item.getByText(`Sublet: ${VENDOR}, accepted, final price £295.50`)).toBeVisible();
  const thumbnail = item.getByRole("img", { name: /Photo 1 of/ });
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // Staff add a photo of their own to the done item; a file that is no photo is refused, clearly.
  const picker = item.getByLabel("Attach a photo");
  await picker.setInputFiles({ name: "invoice.txt", mimeType: "text/plain", buffer: Buffer.from("£295.50") });
  await expect(item.getByText("Choose a photo: a JPEG or PNG image.")).toBeVisible();
  await picker.setInputFiles({ name: "after.jpg", mimeType: "image/jpeg", buffer: await cameraJpeg(staff) });
  await expect(item.getByRole("img", { name: /Photo 2 of/ })).toBeVisible();
  await expect(item.getByText("Choose a photo: a JPEG or PNG image.")).toHaveCount(0);
  await expectNoSidewaysScroll(staff, drawer);
  await expectAccessible(staff, { include: "dialog" });
  await staff.screenshot({ path: "e2e/screenshots/recon-sublet-tablet-done.png" });

  // Staff revoke the link: the vendor's page is a clear 404 from then on.
  await link.getByRole("button", { name: "Revoke link" }).click();
  await expect(link).toHaveCount(0);
  const gone = await vendor.goto(new URL(new URL(url).pathname, E2E_BASE_URL).toString());
  expect(gone?.status()).toBe(404);
  await expect(vendor.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
  await expectAccessible(vendor);
  const problem = await vendorContext.request.get(
    new URL(`${new URL(url).pathname}/view`, E2E_BASE_URL).toString(),
  );
  expect(problem.status()).toBe(404);
  expect(problem.headers()["content-type"]).toContain("application/problem+json");
  await vendorContext.close();
  await staffContext.close();
});

test("the vendor's page and routes with an unknown or malformed token: 404 page and problems", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE, isMobile: true });
  const page = await context.newPage();
  for (const token of ["A".repeat(43), "short", "%C3%A9%C3%A9"]) {
    const response = await page.goto(`/sublet/${token}`);
    expect(response?.status(), token).toBe(404);
    await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
    const view = await context.request.get(`/sublet/${token}/view`);
    expect(view.status()).toBe(404);
    expect(((await view.json()) as { code: string }).code).toBe("NOT_FOUND");
    const action = await context.request.post(`/sublet/${token}/items/x`, {
      data: { action: "accept" },
      headers: { origin: E2E_BASE_URL },
    });
    expect(action.status()).toBe(404);
  }
  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "e2e/screenshots/recon-sublet-phone-invalid.png" });
  await context.close();
});
