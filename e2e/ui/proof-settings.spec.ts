// The organisation's proof settings (issue 16 §2, the screen left for later): an admin adds a photo to
// the minimum set and turns the tracking page's proof off, saves, and the database has it; then puts
// the seed's settings back (other specs rely on them). On a phone (390×844) and a desktop: no
// sideways scrolling, no serious axe violation.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { expectNoSidewaysScroll, IMAGES, PHONE } from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";

async function savedSettings() {
  return withE2eDatabase(
    async (client) =>
      (
        await client.query<{ proofPhotoSlots: string[]; proofOnTrackingPage: boolean }>(
          `SELECT "proofPhotoSlots", "proofOnTrackingPage" FROM "Organisation"
           WHERE id = (SELECT "organisationId" FROM "User" WHERE email = $1)`,
          [DEMO_STAFF.admin],
        )
      ).rows[0],
  );
}

test("an admin sets the minimum photo set and the tracking page's proof", async ({ page }) => {
  const seeded = await savedSettings();
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/settings/branding" });
  await page.getByRole("link", { name: "proof settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Proof settings" })).toBeVisible();
  const keys = page.getByRole("checkbox", { name: "Keys" });
  const tracking = page.getByRole("checkbox", { name: /Show customers the proof of delivery/ });
  await expect(page.getByRole("checkbox", { name: "Odometer" })).toBeChecked();
  await keys.check();
  await tracking.setChecked(false);
  await page.getByRole("button", { name: "Save proof settings" }).click();
  await expect(
    page.getByText("Saved: carriers' proof forms ask for these photos from now on."),
  ).toBeVisible();
  expect(await savedSettings()).toEqual({
    proofPhotoSlots: [...(seeded?.proofPhotoSlots ?? []), "keys"],
    proofOnTrackingPage: false,
  });
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${IMAGES}/proof-settings-phone.png`, fullPage: true });

  // The seed's settings back, through the same screen.
  await page.reload();
  await page.getByRole("checkbox", { name: "Keys" }).uncheck();
  await page
    .getByRole("checkbox", { name: /Show customers the proof of delivery/ })
    .setChecked(seeded?.proofOnTrackingPage ?? false);
  await page.getByRole("button", { name: "Save proof settings" }).click();
  await expect(
    page.getByText("Saved: carriers' proof forms ask for these photos from now on."),
  ).toBeVisible();
  expect(await savedSettings()).toEqual(seeded);
});
