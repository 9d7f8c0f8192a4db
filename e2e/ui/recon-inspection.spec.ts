// The inspection checklist (issue 37 §1–2), as a prep site runs it. An admin edits a site's checklist
// on its settings page (rename, add, reorder by keyboard, remove; a refused label says why) and it is
// put back afterwards. Prep staff on a tablet (820×1180) and on a phone (390×844) inspect a vehicle from
// the card drawer, fail three checks, and estimate the three proposed items by editing them; a stale
// edit says so and shows the item as it is now. The recon manager declines one item and keeps the rest
// of the estimate only after confirming in place. No sideways scrolling, no serious axe violation. The
// jobs are this spec's own (inserted at Wakefield), so the seeded ones stay put.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { withE2eDatabase } from "../support/e2e-database";
import {
  PHONE,
  TABLET,
  estimate,
  expectNoSidewaysScroll,
  insertArrivedJob,
  openDrawer as openJobDrawer,
  signedInPage,
} from "../support/recon-drawer";
import { DEMO_STAFF } from "../support/sign-in";

test.describe.configure({ timeout: 240_000 });
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const MANAGER = "manager@demo.test";
const SHOTS = "e2e/screenshots";

const TYRES = "Tyre tread ≥ 3 mm on every tyre";
const GLASS = "Windscreen free of chips in the driver's view";
const BODY = "Bodywork free of dents";

/** Wakefield's id: its checklist is the one the admin edits. */
async function wakefieldId(): Promise<string> {
  return withE2eDatabase(
    async (client) =>
      (await client.query<{ id: string }>(`SELECT id FROM "Site" WHERE code = 'WKF1'`)).rows[0]!.id,
  );
}

/** A job of the test's own at Wakefield, in Arrived; on a phone its drawer is opened from Arrived. */
const corsa = (vrm: string, vin: string) => ({
  vrm,
  vin,
  make: "Vauxhall",
  model: "Corsa",
  inStageFor: "3 hours",
});
const openDrawer = (page: Page, siteId: string, vrm: string) =>
  openJobDrawer(page, siteId, corsa(vrm, ""), page.viewportSize()!.width < 500 ? "Arrived" : undefined);

const check = (form: Locator, label: string) => form.getByRole("group", { name: new RegExp(label) });

/** Inspects from the drawer: the three checks fail (two with a note), the other nine pass. */
async function inspect(page: Page, items: Locator, size: string) {
  await items.getByRole("button", { name: "Inspect" }).click();
  const form = items.getByRole("form", { name: "Inspection" });
  await expect(form.getByTestId("inspection-check")).toHaveCount(12);
  // Recording with checks unanswered is refused in place.
  await form.getByRole("button", { name: "Record inspection" }).click();
  await expect(form.getByText("Answer every check: 12 left.")).toBeVisible();
  for (const [label, note] of [
    [TYRES, "Nearside rear at 2 mm"],
    [GLASS, "Chip 10 mm"],
    [BODY, ""],
  ] as const) {
    await check(form, label).locator("label", { hasText: "Fail" }).click();
    if (note)
      await check(form, label)
        .getByLabel(/Note \(optional\)/)
        .fill(note);
  }
  await form.getByRole("button", { name: "Pass the remaining 9 checks" }).click();
  await check(form, BODY).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/recon-inspection-${size}-form.png` });
  await expectAccessible(page, { include: "dialog" });
  await form.getByRole("button", { name: "Record inspection (3 failed)" }).click();
  await expect(items.getByText("Inspection recorded: 3 items proposed.", { exact: false })).toBeVisible();
  await expect(items.getByTestId("last-inspection")).toContainText("3 of 12 checks failed.");
  const proposed = items.getByTestId("work-item");
  await expect(proposed).toHaveCount(3);
  await expect(proposed.getByTestId("work-item-state")).toHaveText(["Proposed", "Proposed", "Proposed"]);
  await expect(proposed.nth(0)).toContainText(`${TYRES}: Nearside rear at 2 mm`);
  await expect(proposed.nth(1)).toContainText(`${GLASS}: Chip 10 mm`);
  await expect(proposed.nth(2)).toContainText(BODY);
}

/** Inspect and estimate at Wakefield (£68 an hour, approved at once under £250). */
async function inspectAndEstimate(page: Page, drawer: Locator, size: string) {
  const items = drawer.getByTestId("work-items");
  await inspect(page, items, size);
  const [tyres, glass, body] = [0, 1, 2].map((index) => items.getByTestId("work-item").nth(index));
  await estimate(
    tyres!,
    [
      { kind: "Labour", description: "Fit and balance", value: "0.5" },
      { kind: "Parts", description: "Tyre 225/45 R17", value: "95" },
    ],
    "£129.00",
  );
  await estimate(
    glass!,
    [{ kind: "Sublet", description: "Windscreen replacement", value: "380" }],
    "£380.00",
  );
  await body!.getByRole("button", { name: /^Edit / }).click();
  await body!.getByRole("button", { name: "Save changes" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/recon-inspection-${size}-edit.png` });
  await expectAccessible(page, { include: "dialog" });
  await body!.getByRole("button", { name: "Cancel" }).click();
  await expect(body!.getByRole("button", { name: /^Edit / })).toBeFocused();
  await estimate(
    body!,
    [
      { kind: "Labour", description: "Paintless dent removal", value: "1.5" },
      { kind: "Parts", description: "Paint and consumables", value: "200" },
    ],
    "£302.00",
  );
  await expect(body!.getByText("Labour: Paintless dent removal (1.5 h)")).toBeVisible();
  await expectNoSidewaysScroll(page, drawer);
  return { items, tyres: tyres!, glass: glass!, body: body! };
}

test("an admin edits a prep site's inspection checklist; a refused label saves nothing", async ({
  browser,
}) => {
  const place = { siteId: await wakefieldId() };
  const seeded = await withE2eDatabase(
    async (client) =>
      (await client.query(`SELECT * FROM "ReconInspectionCheck" WHERE "siteId" = $1`, [place.siteId])).rows,
  );
  const labels = () =>
    withE2eDatabase(async (client) =>
      (
        await client.query<{ label: string; category: string }>(
          `SELECT label, category FROM "ReconInspectionCheck" WHERE "siteId" = $1 ORDER BY position`,
          [place.siteId],
        )
      ).rows.map((row) => `${row.label} (${row.category})`),
    );
  const page = await signedInPage(browser, DEMO_STAFF.admin, PHONE);
  try {
    await page.goto(`/prep-jobs/settings?site=${place.siteId}`);
    const form = page.getByRole("form", { name: "Inspection checklist" });
    const rows = form.getByTestId("checklist-check");
    await expect(rows).toHaveCount(12);

    // The page before it hydrates (its scripts never arrive; the server's streamed HTML is all there
    // is): each check's label and category are there, and nothing can be typed or pressed until the
    // form has hydrated. (The fields were empty, react-hook-form filled them in on hydration, and a
    // label typed across that moment went on the end of the old one: "…every tyreTyre tread…".)
    const unhydrated = await page.context().newPage();
    try {
      await unhydrated.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => route.abort());
      await unhydrated.goto(`/prep-jobs/settings?site=${place.siteId}`);
      const served = unhydrated.getByRole("form", { name: "Inspection checklist" });
      await expect(served.getByLabel("Check 1", { exact: true })).toHaveValue(TYRES);
      await expect(served.getByLabel("Check 1 proposes")).toHaveValue("TYRES");
      await expect(served.getByLabel("Check 1", { exact: true })).toBeDisabled();
      await expect(served.getByRole("button", { name: "Save checklist" })).toBeDisabled();
    } finally {
      await unhydrated.close();
    }

    await form.getByLabel("Check 1", { exact: true }).fill("Tyre tread ≥ 3 mm, spare included");
    await form.getByRole("button", { name: "Add a check" }).click();
    await expect(form.getByLabel("Check 13", { exact: true })).toBeFocused();
    await page.keyboard.type("Locking wheel nut present");
    await form.getByLabel("Check 13 proposes").selectOption({ label: "Tyres" });
    // Reorder by keyboard: the focus stays on the button as the check climbs.
    const up = form.getByRole("button", { name: "Move “Locking wheel nut present” up" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(up).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(form.getByLabel("Check 11", { exact: true })).toHaveValue("Locking wheel nut present");
    await form.getByRole("button", { name: "Remove “Forecourt photo set taken”" }).click();
    await expect(rows).toHaveCount(12);
    await form.getByRole("button", { name: "Save checklist" }).click();
    await expect(form.getByText("Saved: 12 checks.", { exact: false })).toBeVisible();
    const saved = await labels();
    expect(saved[0]).toBe("Tyre tread ≥ 3 mm, spare included (TYRES)");
    expect(saved[10]).toBe("Locking wheel nut present (TYRES)");
    expect(saved).not.toContain("Forecourt photo set taken (PHOTOS)");

    // A label left empty is refused under its field, and nothing changes.
    await form.getByLabel("Check 2", { exact: true }).fill("   ");
    await form.getByRole("button", { name: "Save checklist" }).click();
    await expect(form.getByLabel("Check 2", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Give the check a label")).toBeVisible();
    expect(await labels()).toEqual(saved);
    await expectAccessible(page);
    for (const size of [PHONE, TABLET, { width: 1280, height: 720 }]) {
      await page.setViewportSize(size);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await form.screenshot({ path: `${SHOTS}/recon-checklist-${size.width}x${size.height}.png` });
    }
  } finally {
    await withE2eDatabase(async (client) => {
      await client.query(`DELETE FROM "ReconInspectionCheck" WHERE "siteId" = $1`, [place.siteId]);
      for (const row of seeded) {
        const columns = Object.keys(row);
        await client.query(
          `INSERT INTO "ReconInspectionCheck" (${columns.map((column) => `"${column}"`).join(", ")})
           VALUES (${columns.map((_, at) => `$${at + 1}`).join(", ")})`,
          Object.values(row),
        );
      }
    });
    await page.context().close();
  }
});

test("staff on a tablet inspect a vehicle, fail three checks and estimate the three items", async ({
  browser,
}) => {
  const vrm = "RC03 INS";
  const place = await insertArrivedJob("WKF1", corsa(vrm, "E2ERECON0INSPCT03"));
  const staff = await signedInPage(browser, DEMO_STAFF.prep, TABLET);
  const drawer = await openDrawer(staff, place.siteId, vrm);
  const { items, tyres, glass } = await inspectAndEstimate(staff, drawer, "tablet");
  await staff.screenshot({ path: `${SHOTS}/recon-inspection-tablet-estimated.png` });

  // Another tablet changed the windscreen item meanwhile: the edit is refused in words, and the form
  // starts again from the item as it is now.
  await glass.getByRole("button", { name: /^Edit / }).click();
  await withE2eDatabase((client) =>
    client.query(
      `UPDATE "ReconWorkItem" SET description = 'Windscreen: replace (checked twice)', version = version + 1
        WHERE "prepJobId" = (SELECT id FROM "PrepJob" WHERE vrm = $1) AND category = 'GLASS'`,
      [vrm],
    ),
  );
  const form = glass.getByRole("form", { name: "Edit the work item" });
  await form.getByLabel("Description", { exact: true }).fill("Windscreen chip: replace");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(
    glass.getByText("Someone changed this item while you were editing it.", { exact: false }),
  ).toBeVisible();
  await expect(form.getByLabel("Description", { exact: true })).toHaveValue(
    "Windscreen: replace (checked twice)",
  );
  await form.getByRole("button", { name: "Cancel" }).click();

  // Sent for approval: the tyres are under Wakefield's £250 and approved at once; the others wait.
  await tyres.getByRole("button", { name: "Send for approval" }).click();
  await expect(tyres.getByTestId("work-item-state")).toHaveText("Approved");
  await expect(tyres.getByRole("button", { name: /^Edit / })).toBeVisible();
  await tyres.getByRole("button", { name: /^Edit / }).click();
  await expect(tyres.getByText("The estimate is fixed: it was decided on as it stands.")).toBeVisible();
  await tyres.getByRole("button", { name: "Cancel" }).click();
  await expectAccessible(staff, { include: "dialog" });
  await expectNoSidewaysScroll(staff, drawer);
  await expect(items.getByTestId("work-item")).toHaveCount(3);
  await staff.context().close();
});

test("on a phone: staff inspect and estimate; the manager confirms before declining", async ({ browser }) => {
  const vrm = "RC04 INS";
  const place = await insertArrivedJob("WKF1", corsa(vrm, "E2ERECON0INSPCT04"));
  const staff = await signedInPage(browser, DEMO_STAFF.prep, PHONE);
  const drawer = await openDrawer(staff, place.siteId, vrm);
  const { tyres, glass, body } = await inspectAndEstimate(staff, drawer, "phone");
  for (const item of [tyres, glass, body])
    await item.getByRole("button", { name: "Send for approval" }).click();
  await expect(body.getByTestId("work-item-state")).toHaveText("Awaiting approval");
  await expect(tyres.getByTestId("work-item-state")).toHaveText("Approved");
  await staff.context().close();

  const manager = await signedInPage(browser, MANAGER, PHONE);
  const managerDrawer = await openDrawer(manager, place.siteId, vrm);
  const items = managerDrawer.getByTestId("work-items");
  const managerBody = items.getByTestId("work-item").filter({ hasText: BODY });
  const decline = managerBody.getByRole("button", { name: "Decline", exact: true });
  await decline.click();
  const confirm = managerBody.getByRole("group", { name: "Decline this item?" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
  await confirm.scrollIntoViewIfNeeded();
  await manager.screenshot({ path: `${SHOTS}/recon-inspection-phone-confirm-decline.png` });
  await expectAccessible(manager, { include: "dialog" });
  await confirm.getByRole("button", { name: "Keep it" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(decline).toBeFocused();
  await expect(managerBody.getByTestId("work-item-state")).toHaveText("Awaiting approval");
  await decline.click();
  await confirm.getByRole("button", { name: "Decline item" }).click();
  await expect(managerBody.getByTestId("work-item-state")).toHaveText("Declined");

  // The whole estimate (the windscreen now): declining it asks too; kept, then approved.
  await expect(items.getByText("1 item awaits approval: £380.00.")).toBeVisible();
  await items.getByRole("button", { name: "Decline whole estimate" }).click();
  const confirmAll = items.getByRole("group", { name: "Decline the item awaiting approval?" });
  await expect(confirmAll.getByRole("button", { name: "Keep them" })).toBeFocused();
  await manager.keyboard.press("Escape");
  await expect(confirmAll).toHaveCount(0);
  await expect(managerDrawer).toBeVisible();
  await items.getByRole("button", { name: "Approve whole estimate" }).click();
  await expect(
    items.getByTestId("work-item").filter({ hasText: GLASS }).getByTestId("work-item-state"),
  ).toHaveText("Approved");
  await expectNoSidewaysScroll(manager, managerDrawer);
  await manager.screenshot({ path: `${SHOTS}/recon-inspection-phone-decided.png` });
  await manager.context().close();
});
