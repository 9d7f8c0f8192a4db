// Issue 37's walk, end to end, at Warrington (£72 an hour; approved at once under £250; open items at
// Outbound warn and record). Prep staff on a tablet (820×1180) inspect a vehicle from the checklist and
// estimate the three failed checks; sent for approval, the tyres (£131) are approved at once. The recon
// manager, on a phone (390×844), approves the rest. The tyres wait for parts; the windscreen goes to a
// sublet vendor, who finishes it on its link with no account while the workshop TV (1280×720) shows
// the card "At sublet"; the bodywork is done in the workshop. The job moves to Outbound, and the
// report shows the vehicle's estimated and actual cost and its waiting time split by cause.
//
// The waits are real: each lasts ~25 s, so that the report's hours (two decimals: 0.01 h is 36 s) show
// them. The job is this spec's own, in Arrived for 60 days (so it leads its column on the TV).
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { withE2eDatabase } from "../support/e2e-database";
import { E2E_BASE_URL } from "../support/e2e-environment";
import {
  PHONE,
  TABLET,
  estimate,
  expectNoSidewaysScroll as expectFits,
  insertArrivedJob,
  openDrawer as openJobDrawer,
  signedInPage,
} from "../support/recon-drawer";
import { DEMO_STAFF } from "../support/sign-in";

test.describe.configure({ timeout: 420_000 });
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const JOB = {
  vrm: "WK37 RCN",
  vin: "TMBWALK37RECON001",
  make: "Skoda",
  model: "Octavia",
  inStageFor: "60 days",
};
const { vrm: VRM, vin: VIN } = JOB;
const TV = { width: 1280, height: 720 };
const SHOTS = "e2e/screenshots";
const VENDOR = `Clearview Glass ${Date.now().toString(36)}`;
/** Long enough to count in the report's hours: 0.01 h is 36 s, rounded. */
const A_WHILE_MS = 25_000;

const TYRES = "Tyre tread ≥ 3 mm on every tyre";
const GLASS = "Windscreen free of chips in the driver's view";
const BODY = "Bodywork free of dents";

let warrington: { siteId: string; name: string };

test.beforeAll(async () => {
  warrington = await insertArrivedJob("WRT1", JOB);
});

/** The job's drawer; on a phone, Arrived is chosen first. */
const openDrawer = (page: Page) =>
  openJobDrawer(page, warrington.siteId, JOB, page.viewportSize()!.width < 500 ? "Arrived" : undefined);

/** The inspection: the three checks fail, the other nine pass. */
async function inspect(items: Locator) {
  await items.getByRole("button", { name: "Inspect" }).click();
  const form = items.getByRole("form", { name: "Inspection" });
  for (const label of [TYRES, GLASS, BODY])
    await form
      .getByRole("group", { name: new RegExp(label) })
      .locator("label", { hasText: "Fail" })
      .click();
  await form.getByRole("button", { name: "Pass the remaining 9 checks" }).click();
  await form.getByRole("button", { name: "Record inspection (3 failed)" }).click();
  await expect(items.getByTestId("last-inspection")).toContainText("3 of 12 checks failed.");
  await expect(items.getByTestId("work-item")).toHaveCount(3);
}

async function finish(item: Locator, actual: { parts: string; hours: string; sublet: string }, cost: string) {
  await item.getByRole("button", { name: "Finish" }).click();
  await item.getByLabel("Actual parts (£)").fill(actual.parts);
  await item.getByLabel("Hours worked").fill(actual.hours);
  await item.getByLabel("Sublet invoice (£)").fill(actual.sublet);
  await item.getByRole("button", { name: "Finish item" }).click();
  await expect(item.getByTestId("work-item-state")).toHaveText("Done");
  await expect(item.getByTestId("work-item-actual")).toHaveText(cost);
}

/** A workshop screen of Warrington, made by an admin; its path. */
async function warringtonScreen(browser: Browser): Promise<string> {
  const admin = await signedInPage(browser, DEMO_STAFF.admin, { width: 1280, height: 800 });
  await admin.goto("/prep-jobs/display-links");
  await admin.getByLabel("Screen name").fill(`Warrington recon walk ${Date.now().toString(36)}`);
  await admin.getByLabel("Prep site").selectOption({ label: `${warrington.name} (WRT1)` });
  await admin.getByRole("button", { name: "Create link" }).click();
  const url = (await admin.getByTestId("display-link-url").textContent())!.trim();
  await admin.context().close();
  return new URL(url).pathname;
}

/** Today on the organisation's clock (London), for the report's period. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date());

test("inspect, estimate, approve, parts, sublet, Outbound: the report shows the vehicle's cost and its waits", async ({
  browser,
}) => {
  // Prep staff on a tablet: the inspection proposes three items, which they estimate.
  const staff = await signedInPage(browser, DEMO_STAFF.prep, TABLET);
  const drawer = await openDrawer(staff);
  const items = drawer.getByTestId("work-items");
  await inspect(items);
  const [tyres, glass, body] = [0, 1, 2].map((index) => items.getByTestId("work-item").nth(index)) as [
    Locator,
    Locator,
    Locator,
  ];
  await estimate(
    tyres,
    [
      { kind: "Labour", description: "Fit and balance", value: "0.5" },
      { kind: "Parts", description: "Tyre 225/45 R17", value: "95" },
    ],
    "£131.00",
  );
  await estimate(glass, [{ kind: "Sublet", description: "Windscreen replacement", value: "380" }], "£380.00");
  await estimate(
    body,
    [
      { kind: "Labour", description: "Paintless dent removal", value: "1.5" },
      { kind: "Parts", description: "Paint and consumables", value: "200" },
    ],
    "£308.00",
  );
  // Sent for approval: the tyres, under £250, are approved at once; the others wait for the manager.
  for (const item of [tyres, glass, body])
    await item.getByRole("button", { name: "Send for approval" }).click();
  await expect(tyres.getByTestId("work-item-state")).toHaveText("Approved");
  await expect(glass.getByTestId("work-item-state")).toHaveText("Awaiting approval");
  await expect(body.getByTestId("work-item-state")).toHaveText("Awaiting approval");
  await expectFits(staff, drawer);
  await expectAccessible(staff, { include: "dialog" });
  await staff.screenshot({ path: `${SHOTS}/recon-walk-tablet-estimated.png` });
  await staff.waitForTimeout(A_WHILE_MS);

  // The recon manager approves the rest of the estimate on a phone.
  const manager = await signedInPage(browser, "manager@demo.test", PHONE);
  const managerDrawer = await openDrawer(manager);
  await expect(managerDrawer.getByText("2 items await approval: £688.00.")).toBeVisible();
  await expectFits(manager, managerDrawer);
  await expectAccessible(manager, { include: "dialog" });
  await manager.screenshot({ path: `${SHOTS}/recon-walk-phone-approve.png`, fullPage: true });
  await managerDrawer.getByRole("button", { name: "Approve whole estimate" }).click();
  await expect(managerDrawer.getByTestId("work-item-state")).toHaveText(["Approved", "Approved", "Approved"]);
  await manager.context().close();

  // The tyres wait for their parts, then are fitted.
  await expect(glass.getByTestId("work-item-state")).toHaveText("Approved", { timeout: 15_000 });
  await tyres.getByRole("button", { name: "Waiting parts" }).click();
  await tyres.getByLabel("Parts expected on").fill("2027-01-15");
  await tyres.getByRole("button", { name: "Mark waiting parts" }).click();
  await expect(tyres.getByTestId("work-item-state")).toHaveText("Waiting parts");
  await staff.waitForTimeout(A_WHILE_MS);
  await tyres.getByRole("button", { name: "Start" }).click();
  await expect(tyres.getByTestId("work-item-state")).toHaveText("In progress");
  await finish(tyres, { parts: "95", hours: "0.5", sublet: "0" }, "£131.00");

  // The windscreen goes to a sublet vendor, new to the list.
  await glass.getByRole("button", { name: "At sublet" }).click();
  const send = glass.getByRole("form", { name: "Send to a sublet vendor" });
  await send.getByLabel("Sublet vendor").selectOption({ label: "A new vendor…" });
  await send.getByLabel("Vendor's name").fill(VENDOR);
  await send.getByRole("button", { name: "Send to sublet" }).click();
  await expect(glass.getByTestId("work-item-state")).toHaveText("At sublet");
  const link = drawer.getByTestId("sublet-link").filter({ hasText: VENDOR });
  const url = (await link.getByTestId("sublet-link-url").textContent())!.trim();

  // The workshop TV shows the card at sublet, in its large type.
  const screen = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: TV });
  const tv = await screen.newPage();
  await tv.goto(await warringtonScreen(browser));
  await expect(tv.getByTestId("display-connection")).toHaveText("Live", { timeout: 20_000 });
  const tvCard = tv.getByTestId("workshop-job").filter({ hasText: VRM });
  await expect(tvCard).toContainText("At sublet");
  await expect(tvCard).toContainText("1/3 done");
  await expectFits(tv);
  await expectAccessible(tv);
  await tv.screenshot({ path: `${SHOTS}/recon-walk-tv-at-sublet.png` });

  // The vendor, on a phone with no account, accepts, prices and finishes it.
  const vendorContext = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const vendor = await vendorContext.newPage();
  await vendor.goto(new URL(new URL(url).pathname, E2E_BASE_URL).toString());
  const card = vendor.getByTestId("sublet-item");
  await card.getByRole("button", { name: "Accept" }).click();
  await expect(card.getByTestId("sublet-item-status")).toHaveText("Accepted: waiting for you to finish it.");
  await vendor.waitForTimeout(A_WHILE_MS);
  await card.getByLabel("Your final price (£)").fill("395");
  await card.getByRole("button", { name: "Save price" }).click();
  await expect(card.getByText("Saved: £395.00")).toBeVisible();
  await card.getByRole("button", { name: "Mark done" }).click();
  await expect(card.getByTestId("sublet-item-status")).toHaveText("Done: £395.00. Thank you.");
  await expectFits(vendor);
  await expectAccessible(vendor);
  await vendor.screenshot({ path: `${SHOTS}/recon-walk-vendor-done.png`, fullPage: true });
  await vendorContext.close();
  await expect(tvCard).toContainText("2/3 done", { timeout: 15_000 });
  await screen.close();

  // The bodywork is done in the workshop; the job moves on to Outbound.
  await expect(glass.getByTestId("work-item-state")).toHaveText("Done", { timeout: 15_000 });
  await expect(glass.getByTestId("work-item-actual")).toHaveText("£395.00");
  await body.getByRole("button", { name: "Start" }).click();
  await expect(body.getByTestId("work-item-state")).toHaveText("In progress");
  await finish(body, { parts: "210", hours: "1.5", sublet: "0" }, "£318.00");
  // Each move closes the drawer and says so; the card is opened again in its new stage.
  await drawer.getByRole("button", { name: "Move to Appraised" }).click();
  await expect(staff.getByText(`Moved Skoda Octavia (${VRM}) to Appraised.`)).toBeVisible();
  await staff
    .getByTestId("kanban-card")
    .filter({ hasText: VRM })
    .getByRole("button", { name: new RegExp(`^${VRM}\\s*: details$`) })
    .click();
  await drawer
    .getByRole("button", { name: /^Move to Outbound/ })
    .first()
    .click();
  await expect
    .poll(() =>
      withE2eDatabase(
        async (client) =>
          (await client.query<{ stage: string }>(`SELECT stage FROM "PrepJob" WHERE vin = $1`, [VIN])).rows[0]
            ?.stage,
      ),
    )
    .toBe("OUTBOUND");
  await staff.context().close();

  // The report, for Warrington and today: the vehicle with its cost and its waits by cause.
  const reader = await signedInPage(browser, DEMO_STAFF.admin, TABLET);
  const vehicles = reader.locator('[data-report="recon-vehicles"]');
  const row = vehicles.locator("tbody tr", { hasText: VRM });
  // The worker rolls the job up within seconds of its move.
  await expect(async () => {
    await reader.goto(`/reports?site=${warrington.siteId}&from=${today()}&to=${today()}`);
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  const columns = await vehicles.locator("thead th").allTextContents();
  const cells = await row.locator("th, td").allTextContents();
  const cell = (column: string) => cells[columns.findIndex((name) => name.trim() === column)]!.trim();
  expect(cell("Make and model")).toBe("Skoda Octavia");
  expect(cell("Prep site")).toBe(warrington.name);
  // Estimated £131 + £380 + £308; actual £131 + £395 + £318.
  expect(Number(cell("Estimated, done items"))).toBe(819);
  expect(Number(cell("Actual, done items"))).toBe(844);
  for (const cause of ["Awaiting approval (h)", "Waiting parts (h)", "At sublet (h)"])
    expect(Number(cell(cause)), cause).toBeGreaterThanOrEqual(0.01);
  expect(Number(cell("Idle (h)"))).toBeGreaterThan(24 * 59);
  await expect(vehicles.getByRole("img")).toContainText(`${VRM} · Skoda Octavia`);
  await expect(vehicles.getByRole("img")).toContainText("£844.00");
  await expectFits(reader);
  await expectAccessible(reader);
  await vehicles.screenshot({ path: `${SHOTS}/recon-walk-tablet-report.png` });
});
