// The look of the pages a visitor meets first, compared with committed baselines (*-snapshots/ beside
// this file): the landing page, the sign-in page and the customer's "link not valid" page. They hold no
// data, no clock and no animation, so a difference is a change to how the product looks: check it, then
// `npx playwright test -c e2e/playwright.config.ts e2e/ui/look.spec.ts --update-snapshots`. The
// data-driven pages (board, kanban, tracking) are checked by their own specs, not by pixels.
import { expect, test } from "@playwright/test";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

for (const [name, size] of Object.entries({ phone: PHONE, desktop: DESKTOP })) {
  test(`landing and sign-in, ${name}`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveScreenshot(`landing-${name}.png`, { fullPage: true });
    await page.goto("/sign-in");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page).toHaveScreenshot(`sign-in-${name}.png`);
  });
}

test("a tracking link that is not valid, phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/track/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This tracking link is not valid");
  await expect(page).toHaveScreenshot("tracking-link-not-valid-phone.png");
});
