// A prep site's reconditioning settings (issue 37 §1) on /prep-jobs/settings: an admin sets the labour
// rate, the auto-approve threshold and what a job leaving with open items meets; a currency that is no
// ISO 4217 code is refused under its field and saves nothing. On a phone: no sideways scrolling; no
// serious axe violation. The site's seeded settings are put back afterwards.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { expectNoSidewaysScroll, IMAGES } from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";

const WAKEFIELD = `(SELECT id FROM "Site" WHERE code = 'WKF1')`;

const stored = () =>
  withE2eDatabase(
    async (client) =>
      (
        await client.query<Record<string, unknown>>(
          `SELECT "labourRateCents", currency, "autoApproveBelowCents", "outboundWithOpenItems"
           FROM "ReconSiteSettings" WHERE "siteId" = ${WAKEFIELD}`,
        )
      ).rows[0],
  );

test("an admin sets a prep site's labour rate, auto-approve threshold and open-items rule", async ({
  page,
}) => {
  const seeded = await withE2eDatabase(
    async (client) =>
      (await client.query(`SELECT * FROM "ReconSiteSettings" WHERE "siteId" = ${WAKEFIELD}`)).rows[0] as
        Record<string, unknown> | undefined,
  );
  const siteId = await withE2eDatabase(
    async (client) => (await client.query<{ id: string }>(`SELECT ${WAKEFIELD} AS id`)).rows[0]!.id,
  );
  try {
    await signIn(page, DEMO_STAFF.admin, { callbackUrl: `/prep-jobs/settings?site=${siteId}` });
    const form = page.getByRole("form", { name: "Reconditioning settings" });
    await form.getByLabel("Labour rate per hour").fill("65");
    await form.getByLabel("Approve at once below").fill("150");
    await form.getByLabel("A job moved to Outbound with items still open").selectOption({
      label: "Refuse the move",
    });
    await form.getByRole("button", { name: "Save reconditioning settings" }).click();
    await expect(form.getByText("Saved: new estimates and approvals at this site use these.")).toBeVisible();
    expect(await stored()).toEqual({
      labourRateCents: 6_500,
      currency: seeded?.currency ?? "GBP",
      autoApproveBelowCents: 15_000,
      outboundWithOpenItems: "BLOCK",
    });

    await form.getByLabel("Currency").fill("XYZ");
    await form.getByRole("button", { name: "Save reconditioning settings" }).click();
    await expect(form.getByLabel("Currency")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText(/Not an ISO 4217 currency code/)).toBeVisible();
    expect((await stored())?.currency).toBe(seeded?.currency ?? "GBP");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${IMAGES}/recon-settings-phone.png`, fullPage: true });
  } finally {
    await withE2eDatabase(async (client) => {
      await client.query(`DELETE FROM "ReconSiteSettings" WHERE "siteId" = ${WAKEFIELD}`);
      if (!seeded) return;
      const columns = Object.keys(seeded);
      await client.query(
        `INSERT INTO "ReconSiteSettings" (${columns.map((column) => `"${column}"`).join(", ")})
         VALUES (${columns.map((_, at) => `$${at + 1}`).join(", ")})`,
        Object.values(seeded),
      );
    });
  }
});
