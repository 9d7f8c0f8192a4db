// The movement board as a dispatcher uses it, against the real build and the seeded demo data: the
// view in the URL (filter, sort, page survive a reload), the detail panel and its actions, bulk assign,
// CSV export, live updates from the API, tenancy, accessibility. The tests share one database and run
// in order; the requests they act on are created through the API with their own VRMs.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { formatMoney } from "@/lib/movement-requests/money";
import { withE2eDatabase } from "../support/e2e-database";
import { expectAccessible } from "../support/accessibility";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.describe.configure({ mode: "serial" });
// Dispatchers here read dates day first: the date inputs follow the browser's locale.
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const OPEN_STATUSES = [
  "CREATED",
  "ACCEPTED",
  "SENT_TO_DRIVER",
  "SENT_TO_MULTIPLE_DRIVERS",
  "SENT_TO_3PL",
  "SENT_TO_MARKETPLACE",
  "PARTIALLY_PLANNED",
  "PLANNED",
  "ACCEPTED_SENT_TO_DRIVER",
  "ACCEPTED_SENT_TO_3PL",
  "ACCEPTED_SENT_TO_MARKETPLACE",
  "IN_PROGRESS",
].join(",");

const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
let serial = Date.now();
/** A VRM of the current format no seeded vehicle has. */
function uniqueVrm(): string {
  serial += 7919;
  const letter = (n: number) => LETTERS[n % LETTERS.length];
  const n = serial;
  return `${letter(n)}${letter(n >> 5)}${String((n % 90) + 10)} ${letter(n >> 10)}${letter(n >> 15)}${letter(n >> 20)}`;
}

const integration = () => ({ "X-Service-API-Key": env().DEMO_API_KEY_A });
const formatGbp = (centAmount: number) => formatMoney({ centAmount, currencyCode: "GBP" });
const operations = () => ({ "X-Service-API-Key": env().DEMO_OPS_API_KEY });

async function gbSites(request: APIRequestContext): Promise<string[]> {
  const response = await request.get("/v1/infrastructure/sites", { headers: integration() });
  const { data } = (await response.json()) as { data: { id: string; countryCode: string }[] };
  return data.filter((site) => site.countryCode === "GB").map((site) => site.id);
}

async function createRequest(
  request: APIRequestContext,
  options: { vrm: string; externalId?: string; providerId?: string },
): Promise<string> {
  const [from, to] = await gbSites(request);
  const body = {
    vehicle: { vrm: options.vrm, make: "Skoda", model: "Octavia" },
    origin: { location: { type: "INTERNAL", siteId: from } },
    destination: { location: { type: "INTERNAL", siteId: to }, deliveryByDate: "2027-03-01" },
    businessArea: "Retail",
    transportMethod: "DRIVEN",
    ...(options.externalId ? { externalId: options.externalId } : {}),
    ...(options.providerId ? { thirdPartyLogisticsProviderId: options.providerId } : {}),
  };
  const path = options.providerId
    ? "/v1/movement-requests/create-with-3pl"
    : "/v1/movement-requests/create-in-planning-pool";
  const response = await request.post(path, { headers: integration(), data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function drivenProvider(request: APIRequestContext): Promise<string> {
  const response = await request.get("/v1/infrastructure/providers/third-party", { headers: integration() });
  const { data } = (await response.json()) as { data: { id: string; transportMethods: string[] }[] };
  const provider = data.find((candidate) => candidate.transportMethods.includes("DRIVEN"));
  if (!provider) throw new Error("the demo data has no 3PL for driven movements");
  return provider.id;
}

const table = (page: Page) => page.getByRole("table", { name: "Movement requests" });
const rowOf = (page: Page, text: string) => table(page).getByRole("row").filter({ hasText: text });
const panel = (page: Page) => page.getByRole("complementary");

async function waitForLive(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 15_000 });
}

test.describe("as a dispatcher of Northgate Motors", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO_STAFF.dispatcher);
  });

  test("sorts, pages and filters on the server; the URL holds the view and a reload keeps it", async ({
    page,
  }) => {
    await page.goto("/board");
    await expect(page.getByRole("heading", { level: 1, name: "Movement board" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/1–25 of \d+/);
    await expect(table(page).getByRole("row")).toHaveCount(26); // header + 25

    await table(page).getByRole("button", { name: "Deadline" }).click();
    await expect(page).toHaveURL(/[?&]sort=due&dir=asc/);
    const deadline = table(page).getByRole("columnheader").filter({ hasText: "Deadline" });
    await expect(deadline).toHaveAttribute("aria-sort", "ascending");

    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/26–\d+ of \d+/);
    const secondPageFirstRow = await table(page).locator("tbody tr").first().getAttribute("data-row-id");

    await page.reload();
    await expect(deadline).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/26–\d+ of \d+/);
    await expect(table(page).locator("tbody tr").first()).toHaveAttribute(
      "data-row-id",
      secondPageFirstRow ?? "",
    );

    // A filter goes back to the first page and keeps the sort.
    await page.getByRole("button", { name: /^Status:/ }).click();
    await page.getByRole("checkbox", { name: "Planned", exact: true }).check();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/[?&]status=PLANNED/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page).toHaveURL(/[?&]sort=due&dir=asc/);
    const rows = table(page).locator("tbody tr");
    await expect(rows.first()).toContainText("Planned");
    for (const text of await rows.allInnerTexts()) expect(text).toContain("Planned");

    await page.getByLabel("Business area").selectOption("Fleet");
    await expect(page).toHaveURL(/[?&]area=Fleet/);
    await page.reload();
    await expect(page.getByLabel("Business area")).toHaveValue("Fleet");
    await expect(page.getByRole("button", { name: /^Status: Planned$/ })).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/status=|area=/);
  });

  test("a filter chosen while the search is still waiting to be sent keeps both", async ({
    page,
    request,
  }) => {
    const vrm = uniqueVrm();
    await createRequest(request, { vrm });
    await page.goto("/board");
    const search = page.getByRole("searchbox", { name: "Search" });
    // The search is sent as the reader pauses typing; the filter is chosen before that pause ends.
    await search.fill(vrm);
    await page.getByLabel("Business area").selectOption("Fleet");
    await expect(page).toHaveURL(/[?&]q=[A-Z0-9+]+/);
    await expect(page).toHaveURL(/[?&]area=Fleet/);
    await expect(page.getByLabel("Business area")).toHaveValue("Fleet");
    await expect(search).toHaveValue(vrm);
    // The request is Retail: the two together find nothing, and a reload keeps both.
    await expect(page.getByText("No movement matches these filters")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Business area")).toHaveValue("Fleet");
    await expect(search).toHaveValue(vrm);
    await page.getByLabel("Business area").selectOption("");
    await expect(rowOf(page, vrm)).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=/);
  });

  test("opens a request's details and plans it with a driver: the status changes on the board", async ({
    page,
    request,
  }) => {
    const vrm = uniqueVrm();
    const id = await createRequest(request, { vrm, externalId: `E2E-${vrm.replace(" ", "")}` });
    await page.goto(`/board?q=${encodeURIComponent(vrm)}`);
    await expect(rowOf(page, vrm)).toContainText("Awaiting planning");
    // Hydrated, with the stream open: a click before that is the browser's own navigation, and a
    // refresh for the stream's first events could still be in flight.
    await waitForLive(page);
    await rowOf(page, vrm).getByRole("link", { name: vrm }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]open=${id}`));
    const details = panel(page);
    await expect(details.getByRole("heading", { level: 2 })).toContainText(vrm);
    await expect(details.getByRole("heading", { name: "Audit trail" })).toBeVisible();
    await expect(details.getByRole("heading", { name: "Events and webhooks" })).toBeVisible();
    await expect(details.getByText("movement_request.created")).toBeVisible();

    await details.getByLabel("Driver", { exact: true }).selectOption({ index: 1 });
    const driver = (
      await details.getByLabel("Driver", { exact: true }).locator("option:checked").innerText()
    ).trim();
    await details.getByRole("button", { name: "Plan", exact: true }).click();
    await expect(details.getByRole("status").filter({ hasText: `Planned with ${driver}.` })).toBeVisible();
    await expect(details.locator("header")).toContainText("Planned");
    await expect(rowOf(page, vrm)).toContainText("Planned");
    await expect(rowOf(page, vrm)).toContainText(driver);
    await expect(details.getByText(`Leg 1 planned with ${driver}`)).toBeVisible();

    // The actions offered follow the transition table: a planned request can be collected, not accepted.
    await expect(details.getByRole("button", { name: "Mark collected" })).toBeVisible();
    await expect(details.getByRole("button", { name: /Accept/ })).toHaveCount(0);
    await details.getByRole("button", { name: "Cancel movement…" }).click();
    await details.getByLabel(/^Reason/).fill("Sold at the origin site");
    await details.getByRole("button", { name: "Cancel movement", exact: true }).click();
    await expect(details.locator("header")).toContainText("Cancelled");
    await expect(details.getByText("This movement is finished")).toBeVisible();
    await expect(details.getByText("Sold at the origin site")).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(page).not.toHaveURL(/open=/);
    await expect(panel(page)).toHaveCount(0);
  });

  test("bulk-assigns the selected requests and reports the one that cannot be planned", async ({
    page,
    request,
  }) => {
    const tag = `E2E-BULK-${Date.now()}`;
    const first = uniqueVrm();
    const second = uniqueVrm();
    await createRequest(request, { vrm: first, externalId: `${tag}-1` });
    const cancelled = await createRequest(request, { vrm: second, externalId: `${tag}-2` });
    const cancel = await request.post(`/v1/movement-requests/${cancelled}/cancel`, {
      headers: integration(),
    });
    expect(cancel.status()).toBe(200);

    await page.goto(`/board?q=${tag}`);
    await expect(table(page).getByRole("row")).toHaveCount(3);
    await table(page).getByRole("checkbox", { name: "Select every row on this page" }).check();
    const bar = page.getByRole("region", { name: "Selected movements" });
    await expect(bar).toContainText("2 selected");
    await bar.getByLabel("Plan with").selectOption({ index: 1 });
    await bar.getByRole("button", { name: "Assign 2" }).click();
    const report = page.getByText(/^1 of 2 planned with /);
    await expect(report).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: second })).toContainText("CANCELLED");
    await expect(rowOf(page, first)).toContainText("Planned");
    await expect(rowOf(page, second)).toContainText("Cancelled");
  });

  test("exports the current filter as CSV", async ({ page }) => {
    const response = await page.request.get("/board/export?status=DELIVERED&sort=due&dir=asc");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(
      /^attachment; filename="movements-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines[0]).toMatch(/^Request id,Status,Status label,Late,VRM,VIN,/);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) expect(line).toMatch(/^[0-9A-Z]{26},DELIVERED,Delivered,no,/);
    // The page's button points at the same filter.
    await page.goto("/board?status=DELIVERED&sort=due&dir=asc&page=1");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/board/export?sort=due&dir=asc&status=DELIVERED",
    );
  });

  test("a sort other than created over every status sorts the last week, and says so", async ({ page }) => {
    await page.goto("/board?sort=cost&dir=desc");
    const notice = page.getByTestId("sort-window");
    await expect(notice).toContainText(/^Sorted by cost among the requests created \d+ \w+ – \d+ \w+\./);
    // Open requests only: a working set of its own, sorted whole.
    await page.goto(`/board?sort=cost&dir=desc&status=${OPEN_STATUSES}`);
    await expect(table(page).getByRole("columnheader").filter({ hasText: "Cost" })).toBeVisible();
    await expect(notice).toHaveCount(0);
    // A created range the user picks, in the filters: a month is sorted as it is.
    await page.goto("/board?sort=cost&dir=desc&createdFrom=2026-11-01&createdTo=2026-11-20");
    await expect(page.getByLabel("Created from")).toHaveValue("2026-11-01");
    await expect(notice).toHaveCount(0);
    await page.goto("/board?sort=cost&dir=desc");
    await notice.getByRole("link", { name: "show every request, newest first" }).click();
    await expect(page).toHaveURL(/\/board$/);
    await expect(notice).toHaveCount(0);
  });

  test("shows a change made through the API without a reload", async ({ page, request }) => {
    const vrm = uniqueVrm();
    const id = await createRequest(request, { vrm, providerId: await drivenProvider(request) });
    await page.goto(`/board?q=${encodeURIComponent(vrm)}&open=${id}`);
    await expect(rowOf(page, vrm)).toContainText("Sent to partner");
    await waitForLive(page);
    const marker = await page.evaluate(() => {
      (window as unknown as { boardMarker: number }).boardMarker = 42;
      return 42;
    });

    const accepted = await request.post(`/v1/operations/movement-requests/${id}/accept`, {
      headers: operations(),
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    await expect(rowOf(page, vrm)).toContainText("Partner accepted", { timeout: 10_000 });
    await expect(panel(page).locator("header")).toContainText("Partner accepted");
    await expect(panel(page).getByRole("button", { name: "Mark collected" })).toBeVisible();
    // Same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { boardMarker?: number }).boardMarker)).toBe(
      marker,
    );
  });

  test("shows the carrier's final price against the estimate, in the row and in the details", async ({
    page,
    request,
  }) => {
    const vrm = uniqueVrm();
    const id = await createRequest(request, { vrm });
    const created = (await (
      await request.get(`/v1/movement-requests/${id}`, { headers: integration() })
    ).json()) as { estimatedCost: { centAmount: number; currencyCode: string } };
    // 10 % over the estimate, whatever the estimate is.
    const final = Math.round(created.estimatedCost.centAmount * 1.1);
    const priced = await request.post(`/v1/operations/movement-requests/${id}/price`, {
      headers: operations(),
      data: { cost: { centAmount: final, currencyCode: created.estimatedCost.currencyCode } },
    });
    expect(priced.status(), await priced.text()).toBe(200);

    await page.goto(`/board?q=${encodeURIComponent(vrm)}&open=${id}`);
    const over = formatGbp(final - created.estimatedCost.centAmount);
    await expect(rowOf(page, vrm).getByTestId("price-variance")).toHaveText(
      `Against the estimate: +${over} (+10 %)`,
    );
    await expect(panel(page).getByTestId("price-variance")).toContainText(`+${over}`);
    await expect(panel(page)).toContainText(`Final price ${formatGbp(final)}`);
  });

  test("the At risk filter shows the requests at risk, with their badge and expected arrival", async ({
    page,
    request,
  }) => {
    const vrm = uniqueVrm();
    const id = await createRequest(request, { vrm });
    // The worker's verdict (its rule and pass have their own tests, lib/movement-requests/at-risk/): due
    // today by 00:30, so not late yet (that is a date), and past its deadline, so the pass leaves the
    // flag as it is.
    const today = new Date().toISOString().slice(0, 10);
    await withE2eDatabase((db) =>
      db.query(
        `WITH flagged AS (
           UPDATE "MovementRequest" SET "deliveryByDate" = $2, "deliveryByTime" = '00:30',
             "atRiskSince" = now(), "expectedArrivalAt" = now() + interval '6 hours' WHERE id = $1
           RETURNING id, "organisationId")
         -- The ETA pass's window (its own tests: lib/movement-requests/eta/), as it would write it.
         INSERT INTO "MovementEta" ("movementRequestId", "organisationId", earliest, latest, basis, "computedAt")
         SELECT id, "organisationId", $3::timestamp, $4::timestamp, 'HISTORY', now() FROM flagged
         ON CONFLICT ("movementRequestId") DO UPDATE SET earliest = excluded.earliest, latest = excluded.latest`,
        [id, today, `${today} 05:00`, `${today} 06:30`],
      ),
    );
    await page.goto("/board");
    await page.getByLabel("At risk only").check();
    await expect(page).toHaveURL(/[?&]atRisk=1(&|$)/);
    await expect(rowOf(page, vrm)).toBeVisible();
    await expect(rowOf(page, vrm).getByText("At risk", { exact: true })).toBeVisible();
    for (const row of await table(page).getByRole("row").all()) {
      if (await row.locator("td").count()) await expect(row).toContainText(/At risk|Late/);
    }
    await rowOf(page, vrm).getByRole("link").first().click();
    // A window in the destination's time (the worker's pass may have moved it since).
    await expect(panel(page)).toContainText(/Expected arrival.*\d\d:\d\d ?– ?.*\d\d:\d\d (GMT|BST)/);
    // Out of the open requests the next test walks with the keyboard.
    const cancelled = await request.post(`/v1/movement-requests/${id}/cancel`, { headers: integration() });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
  });

  test("flags late requests, is keyboard-friendly, has no serious accessibility violations; screenshots", async ({
    page,
    request,
  }) => {
    // A request two days past its deadline (no endpoint backdates one: the database does).
    const lateVrm = uniqueVrm();
    const lateId = await createRequest(request, { vrm: lateVrm });
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    await withE2eDatabase((db) =>
      db.query(
        `UPDATE "MovementRequest" SET "readyToCollectFromDate" = $2, "estimatedCollectionDate" = $2,
           "deliveryByDate" = $3, "estimatedDeliveryDate" = $3 WHERE id = $1`,
        [lateId, daysAgo(3), daysAgo(2)],
      ),
    );
    await page.goto("/board?late=1");
    await expect(rowOf(page, lateVrm)).toContainText("Late 2d");

    // The dispatcher's usual view: what is still open, most urgent first.
    await page.goto(`/board?status=${OPEN_STATUSES}&sort=due&dir=asc`);
    await expect(table(page).locator("tbody tr").first()).toContainText(lateVrm);
    await expect(table(page).locator("tbody tr").nth(3)).toBeVisible();
    await waitForLive(page); // hydrated: the shortcuts are listening
    await page.keyboard.press("/");
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeFocused();
    await page.keyboard.press("Escape");

    // Rows: focus the first, move with j / k, open with Enter, close with Escape.
    await table(page).getByRole("row").nth(1).focus();
    await page.keyboard.press("j");
    await expect(table(page).getByRole("row").nth(2)).toBeFocused();
    await page.keyboard.press("k");
    await expect(table(page).getByRole("row").nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`[?&]open=${lateId}`));
    await expect(panel(page).locator("header")).toContainText("Late 2d");
    await expect(panel(page).getByRole("heading", { name: "Audit trail" })).toBeVisible();
    await waitForLive(page);

    await expectAccessible(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: "e2e/screenshots/board-detail.png" });

    await page.keyboard.press("Escape");
    await expect(page).not.toHaveURL(/open=/);
    await expect(table(page).getByRole("row").nth(1)).toBeFocused();
    await page.getByRole("button", { name: /^Status:/ }).focus();
    await expectAccessible(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: "e2e/screenshots/board.png" });

    await page.setViewportSize({ width: 1920, height: 1080 });
    await table(page).getByRole("row").nth(3).getByRole("link").click();
    await expect(panel(page).getByRole("heading", { name: "Audit trail" })).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/board-1920.png" });
  });
});

test("saves the current view under a name and applies it later", async ({ page }) => {
  await signIn(page, DEMO_STAFF.admin);
  await page.goto("/board?area=Fleet&sort=due&dir=asc&page=2");
  await waitForLive(page);
  await page.getByRole("button", { name: "Saved views" }).click();
  await page.getByLabel("Save the current view as").fill("Fleet by deadline");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("button", { name: "View: Fleet by deadline" })).toBeVisible();

  await page.goto("/board");
  await waitForLive(page);
  await page.getByRole("button", { name: "Saved views" }).click();
  await page.getByRole("link", { name: "Fleet by deadline" }).click();
  await expect(page).toHaveURL(/\/board\?sort=due&dir=asc&area=Fleet$/);
  await expect(page.getByLabel("Business area")).toHaveValue("Fleet");
});

test("prep staff see the board and the details, without dispatch controls", async ({ page }) => {
  await signIn(page, DEMO_STAFF.prep, { callbackUrl: "/board" });
  await expect(page.getByRole("heading", { level: 1, name: "Movement board" })).toBeVisible();
  await expect(table(page).getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New movement" })).toHaveCount(0);
  await table(page).locator("tbody tr").first().getByRole("link").click();
  await expect(panel(page).getByRole("heading", { name: "Audit trail" })).toBeVisible();
  await expect(panel(page).getByRole("heading", { name: "Actions" })).toHaveCount(0);
});

test("another organisation's dispatcher sees only their rows, and not-found for Northgate's request", async ({
  page,
  request,
}) => {
  const vrm = uniqueVrm();
  const id = await createRequest(request, { vrm });
  await signIn(page, DEMO_STAFF.otherDispatcher);
  await page.goto("/board");
  await expect(page.getByRole("heading", { level: 1, name: "Movement board" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(/1–\d+ of \d+/);
  await expect(page.getByText("Northgate Motors", { exact: false })).toHaveCount(0);

  await page.goto(`/board?q=${encodeURIComponent(vrm)}`);
  await expect(page.getByText("No movement matches these filters")).toBeVisible();

  await page.goto(`/board?open=${id}`);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByText(vrm)).toHaveCount(0);

  const csv = await page.request.get(`/board/export?q=${encodeURIComponent(vrm)}`);
  expect(
    (await csv.text())
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean),
  ).toHaveLength(1);
});
