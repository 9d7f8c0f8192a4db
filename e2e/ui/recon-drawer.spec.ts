// Work items in the kanban's card drawer (issue 37 §2), as a prep site runs them: prep staff on a tablet
// add an item to a vehicle (a labour line and a parts line) and send it for approval; it is over the
// site's auto-approve threshold, so it waits for the recon manager, who approves it on a phone; the
// staff's open drawer follows, and they start it, wait for parts, start again and finish it with its
// actual cost. The job is this spec's own (inserted at Wakefield), so the seeded ones stay put.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import {
  PHONE,
  TABLET,
  expectNoSidewaysScroll,
  insertArrivedJob,
  openDrawer as openJobDrawer,
  signedInPage,
} from "../support/recon-drawer";
import { DEMO_STAFF } from "../support/sign-in";

test.describe.configure({ timeout: 180_000 });
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const MANAGER = "manager@demo.test";
const JOB = {
  vrm: "RC01 DRW",
  vin: "E2ERECON0DRAWER01",
  make: "Skoda",
  model: "Fabia",
  inStageFor: "2 hours",
};
const VRM = JOB.vrm;

let wakefieldId: string;

test.beforeAll(async () => {
  wakefieldId = (await insertArrivedJob("WKF1", JOB)).siteId;
});

const openDrawer = (page: Page, stage?: string): Promise<Locator> =>
  openJobDrawer(page, wakefieldId, JOB, stage);

test("a work item from proposal to done: staff on a tablet, the manager approves on a phone", async ({
  browser,
}) => {
  const staff = await signedInPage(browser, DEMO_STAFF.prep, TABLET);
  const drawer = await openDrawer(staff);
  const items = drawer.getByTestId("work-items");
  await expect(items.getByText("No work items yet.")).toBeVisible();

  // Add: a labour line and a parts line. A line without a description is refused by the server's
  // schema, and its message shows under that field.
  await items.getByRole("button", { name: "Add a work item" }).click();
  await items.getByLabel("Category").selectOption({ label: "Mechanical" });
  await items.getByLabel("Description", { exact: true }).fill("Front discs and pads");
  await items.getByLabel("Line 1 Hours").fill("2");
  await items.getByRole("button", { name: "Add a line" }).click();
  await items.getByLabel("Line 2 Kind").selectOption({ label: "Parts" });
  await items.getByLabel("Line 2 Description").fill("Discs and pads");
  await items.getByLabel("Line 2 Amount (£)").fill("300");
  await items.getByRole("button", { name: "Add work item" }).click();
  await expect(items.getByLabel("Line 1 Description")).toHaveAttribute("aria-invalid", "true");
  await expect(items.getByText("Must not be empty")).toBeVisible();
  await staff.screenshot({ path: "e2e/screenshots/recon-drawer-field-error.png" });
  await items.getByLabel("Line 1 Description").fill("Fit");
  await items.getByRole("button", { name: "Add work item" }).click();

  const item = items.getByTestId("work-item");
  await expect(item.getByTestId("work-item-state")).toHaveText("Proposed");
  // Two hours at Wakefield's £68 an hour, and £300 of parts.
  await expect(item.getByTestId("work-item-estimate")).toHaveText("£436.00");
  await expect(item.getByText("Labour: Fit (2 h)")).toBeVisible();
  await expect(item.getByText("Parts: Discs and pads")).toBeVisible();

  // Over the site's £250 threshold: it waits, and prep staff cannot decide it.
  await item.getByRole("button", { name: "Send for approval" }).click();
  await expect(item.getByTestId("work-item-state")).toHaveText("Awaiting approval");
  await expect(item.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(items.getByRole("button", { name: "Approve whole estimate" })).toHaveCount(0);
  await expect(item.getByText("An administrator or a recon manager approves or declines it.")).toBeVisible();
  await staff.screenshot({ path: "e2e/screenshots/recon-drawer-tablet-awaiting.png" });
  await expectAccessible(staff, { include: "dialog" });

  // The manager, on a phone: one stage at a time, so Arrived is chosen first.
  const manager = await signedInPage(browser, MANAGER, PHONE);
  const managerDrawer = await openDrawer(manager, "Arrived");
  const managerItem = managerDrawer.getByTestId("work-item");
  await expect(managerItem.getByTestId("work-item-state")).toHaveText("Awaiting approval");
  await expect(managerItem.getByRole("button", { name: "Decline" })).toBeVisible();
  await expect(managerDrawer.getByText("1 item awaits approval: £436.00.")).toBeVisible();
  await expect(managerDrawer.getByRole("button", { name: "Decline whole estimate" })).toBeVisible();
  await manager.screenshot({ path: "e2e/screenshots/recon-drawer-phone-approve.png", fullPage: true });
  await expectNoSidewaysScroll(manager, managerDrawer);
  await expectAccessible(manager, { include: "dialog" });
  await managerItem.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(managerItem.getByTestId("work-item-state")).toHaveText("Approved");
  await expect(managerDrawer.getByRole("button", { name: "Approve whole estimate" })).toHaveCount(0);
  await manager.context().close();

  // The staff's drawer, still open, follows the live stream.
  await expect(item.getByTestId("work-item-state")).toHaveText("Approved", { timeout: 15_000 });
  await item.getByRole("button", { name: "Start" }).click();
  await expect(item.getByTestId("work-item-state")).toHaveText("In progress");

  await item.getByRole("button", { name: "Waiting parts" }).click();
  await item.getByRole("button", { name: "Mark waiting parts" }).click();
  await expect(item.getByText("Give the date the parts are expected.")).toBeVisible();
  await item.getByLabel("Parts expected on").fill("2027-01-15");
  await item.getByRole("button", { name: "Mark waiting parts" }).click();
  await expect(item.getByTestId("work-item-state")).toHaveText("Waiting parts");
  await expect(item.getByText("15 Jan 2027")).toBeVisible();
  const recon = staff.getByTestId("kanban-card").filter({ hasText: VRM }).getByTestId("card-recon");
  await expect(recon.getByText("Waiting parts")).toBeAttached();

  await item.getByRole("button", { name: "Start" }).click();
  await expect(item.getByTestId("work-item-state")).toHaveText("In progress");
  await item.getByRole("button", { name: "Finish" }).click();
  await item.getByLabel("Actual parts (£)").fill("310");
  await item.getByLabel("Hours worked").fill("2.5");
  await item.getByLabel("Sublet invoice (£)").fill("0");
  await staff.screenshot({ path: "e2e/screenshots/recon-drawer-tablet-finish.png" });
  await item.getByRole("button", { name: "Finish item" }).click();
  await expect(item.getByTestId("work-item-state")).toHaveText("Done");
  // £310 of parts and two and a half hours at £68.
  await expect(item.getByTestId("work-item-actual")).toHaveText("£480.00");
  // No move is left (a photo can still be attached: its file input is the one "button" left).
  await expect(item.locator("button")).toHaveCount(0);
  await expectNoSidewaysScroll(staff, drawer);
  await staff.screenshot({ path: "e2e/screenshots/recon-drawer-tablet-done.png" });

  // The card says it is done.
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(recon).toContainText("1/1 done");
  await expect(recon.locator("[data-waiting]")).toHaveCount(0);
  await staff.screenshot({ path: "e2e/screenshots/recon-drawer-card-done.png" });
  await staff.context().close();
});
