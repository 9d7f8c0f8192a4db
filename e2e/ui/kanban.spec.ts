// The prep-job kanban as prep staff use it (prep@demo.test works at Wakefield and Warrington): columns
// with counts, moves by mouse and by keyboard, a refused move, live updates from the API, a lost
// connection, accessibility. The tests share one seeded database and run in order.
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { expectAccessible } from "../support/accessibility";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.describe.configure({ mode: "serial" });

const WAKEFIELD = "Northgate Prep Centre Wakefield";
const WARRINGTON = "Northgate Prep Centre Warrington";

const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);
const zone = (page: Page, key: string) => page.locator(`[data-zone="${key}"]`);
const card = (scope: Page | Locator, vrm: string) =>
  scope.getByTestId("kanban-card").filter({ hasText: vrm });
const columnCount = (page: Page, stage: string) => column(page, stage).getByTestId("column-count");

async function openBoard(page: Page, site: string, options: { connection?: string } = {}) {
  await page.goto("/prep-jobs");
  const picker = page.getByLabel("Prep site");
  if (
    (await picker.inputValue()) !== (await picker.locator("option", { hasText: site }).getAttribute("value"))
  ) {
    await picker.selectOption({ label: site });
  }
  await expect(page.getByText(`${site} · `)).toBeVisible();
  // The live stream is connected before anything is changed elsewhere.
  await expect(page.getByTestId("kanban-board")).toHaveAttribute(
    "data-connection",
    options.connection ?? "live",
  );
}

/** Drags with real mouse events, in steps, as a person would. */
async function drag(page: Page, from: Locator, to: Locator, options: { screenshot?: string } = {}) {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  if (!start || !end) throw new Error("nothing to drag or nowhere to drop");
  await page.mouse.move(start.x + start.width / 2, start.y + 20);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + 30, { steps: 3 });
  await page.mouse.move(end.x + end.width / 2, end.y + Math.min(end.height / 2, 40), { steps: 12 });
  if (options.screenshot) await page.screenshot({ path: options.screenshot });
  await page.mouse.up();
}

async function vinOf(request: APIRequestContext, vrm: string): Promise<string> {
  const response = await request.get(`/v1/prep-jobs?${new URLSearchParams({ vrm })}`, {
    headers: { "X-Service-API-Key": env().DEMO_API_KEY_A },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { vin: string }[] };
  return data[0]!.vin;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_STAFF.prep);
});

test("shows the prep site's columns with counts, and only the user's sites", async ({ page }) => {
  await page.goto("/prep-jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Prep jobs" })).toBeVisible();
  const options = await page.getByLabel("Prep site").locator("option").allTextContents();
  expect(options).toEqual([WAKEFIELD, WARRINGTON]);
  for (const name of ["Inbound", "Arrived", "Appraised", "Outbound"])
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(columnCount(page, "INBOUND")).toHaveText("2");
  await expect(columnCount(page, "ARRIVED")).toHaveText("1");
  await expect(columnCount(page, "APPRAISED")).toHaveText("1");
  await expect(columnCount(page, "OUTBOUND")).toHaveText("2");
  // Ageing: the inbound ZS has waited 50 h (amber), the delivered Fiat no longer ages.
  await expect(card(page, "MJ22 ZSE").locator("[data-ageing]")).toHaveAttribute("data-ageing", "amber");
  await expect(card(page, "YD22 FTN").locator("[data-ageing]")).toHaveAttribute("data-ageing", "done");
});

test("a card dragged with the mouse from Arrived to Appraised stays there after a reload", async ({
  page,
}) => {
  await openBoard(page, WARRINGTON);
  const leon = card(page, "GJ21 LNF");
  await expect(column(page, "ARRIVED").getByText("GJ21 LNF")).toBeVisible();
  await drag(page, leon, zone(page, "APPRAISED"), { screenshot: "e2e/.results/kanban-dragging.png" });
  await expect(page.getByTestId("kanban-status")).toContainText("Moved SEAT Leon (GJ21 LNF) to Appraised.");
  await expect(card(column(page, "APPRAISED"), "GJ21 LNF")).toBeVisible();
  await expect(columnCount(page, "ARRIVED")).toHaveText("0");
  await page.reload();
  await expect(card(column(page, "APPRAISED"), "GJ21 LNF")).toBeVisible();
});

test("a card moves with the keyboard alone, and the move is announced", async ({ page }) => {
  await openBoard(page, WAKEFIELD);
  const handle = page.getByRole("button", { name: /^Move Polestar 2 \(LC72 PLS\)/ });
  await handle.focus();
  await page.keyboard.press("Space");
  const announcer = page.locator('[id^="DndLiveRegion"]');
  await expect(announcer).toContainText(
    "Picked up Polestar 2 (LC72 PLS) in Arrived. It can move to Appraised.",
  );
  // dnd-kit measures the drop zones just after the pick-up; an arrow pressed sooner does nothing, as for a
  // person. Appraised is the only allowed zone, so a press too many stays there.
  await expect(async () => {
    await page.keyboard.press("ArrowRight");
    await expect(announcer).toContainText("is over Appraised", { timeout: 1_000 });
  }).toPass();
  await page.keyboard.press("Space");
  await expect(announcer).toContainText("Polestar 2 (LC72 PLS) was dropped in Appraised.");
  await expect(page.getByTestId("kanban-status")).toContainText("Moved Polestar 2 (LC72 PLS) to Appraised.");
  await expect(card(column(page, "APPRAISED"), "LC72 PLS")).toBeVisible();
  await page.reload();
  await expect(card(column(page, "APPRAISED"), "LC72 PLS")).toBeVisible();
});

test("a move the stage rules do not allow is refused with a message and the card stays", async ({ page }) => {
  await openBoard(page, WARRINGTON);
  await drag(page, card(page, "CY22 FRM"), zone(page, "OUTBOUND/PENDING_MOVEMENT_REQUEST"));
  await expect(page.getByTestId("kanban-alert")).toContainText(
    "Cupra Formentor (CY22 FRM) cannot move from Inbound · Scheduled to Outbound · Awaiting movement. From Inbound · Scheduled it can move to Arrived.",
  );
  await expect(card(column(page, "INBOUND"), "CY22 FRM")).toBeVisible();
  await page.reload();
  await expect(card(column(page, "INBOUND"), "CY22 FRM")).toBeVisible();
});

test("a change made through the API appears on the open board without a reload", async ({
  page,
  request,
}) => {
  await openBoard(page, WARRINGTON);
  const vin = await vinOf(request, "RJ73 AYG");
  await expect(card(column(page, "OUTBOUND"), "RJ73 AYG")).toBeVisible();
  const started = Date.now();
  const response = await request.patch(`/v1/prep-jobs/appraised?vin=${vin}`, {
    headers: { "X-Service-API-Key": env().DEMO_API_KEY_A },
  });
  expect(response.status()).toBe(200);
  // No reload: the stream brings it. How fast is measured by bench/, not asserted here.
  await expect(card(column(page, "APPRAISED"), "RJ73 AYG")).toBeVisible();
  test.info().annotations.push({ type: "live update", description: `${Date.now() - started} ms` });
});

test("a work item sent for approval through the API shows on its card live, and the filter finds it", async ({
  page,
  request,
}) => {
  await openBoard(page, WARRINGTON);
  const headers = { "X-Service-API-Key": env().DEMO_API_KEY_A };
  const found = await request.get(`/v1/prep-jobs?${new URLSearchParams({ vrm: "RJ73 AYG" })}`, { headers });
  const jobId = ((await found.json()) as { data: { id: string }[] }).data[0]!.id;
  const created = await request.post(`/v1/prep-jobs/${jobId}/work-items`, {
    headers,
    // Over any auto-approve threshold: it waits for a manager.
    data: {
      category: "BODY",
      description: "Respray both doors",
      estimate: [{ kind: "SUBLET", description: "Body shop", amountCents: 250_000 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const itemId = ((await created.json()) as { id: string }).id;
  const recon = card(page, "RJ73 AYG").getByTestId("card-recon");
  // No reload: the stream brings each change.
  await expect(recon).toContainText(/\d+\/\d+ done/);
  const sent = await request.post(`/v1/operations/prep-jobs/${jobId}/work-items/${itemId}/transition`, {
    headers: { "X-Service-API-Key": env().DEMO_OPS_API_KEY },
    data: { to: "AWAITING_APPROVAL" },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect(recon.getByText("Awaiting approval")).toBeVisible();

  await page.getByLabel("Work items").selectOption({ label: "Awaiting approval" });
  await expect(card(page, "RJ73 AYG")).toBeVisible();
  for (const shown of await page.getByTestId("kanban-card").all()) {
    await expect(shown.getByTestId("card-recon").locator("[data-waiting=APPROVAL]")).toBeVisible();
  }
  await page.screenshot({ path: "e2e/screenshots/kanban-awaiting-approval.png" });
});

test("says when the live connection is lost, and recovers by itself", async ({ page }) => {
  await page.route("**/api/prep-jobs/stream**", (route) => route.abort("connectionreset"));
  await openBoard(page, WARRINGTON, { connection: "lost" });
  await expect(page.getByTestId("connection-status")).toContainText("Connection lost — reconnecting", {
    timeout: 10_000,
  });
  await page.unroute("**/api/prep-jobs/stream**");
  await expect(page.getByTestId("connection-status")).toBeEmpty({ timeout: 15_000 });
});

test("has no serious accessibility violations, at 1280 and 1920 px", async ({ page }) => {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
    await openBoard(page, WAKEFIELD);
    await expectAccessible(page);
    // No sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await openBoard(page, WAKEFIELD);
  await page.screenshot({ path: "e2e/screenshots/kanban.png", fullPage: true });
});
