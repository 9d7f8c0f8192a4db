// The kanban for people on their feet and at a busy site, as an admin of Northgate uses it at the
// Coventry prep site: Move to… on a phone, dragging by touch on a tablet, the card drawer with history
// and notes, search, WIP limits set in the site settings, every screen size, and a site with 3,000 open
// jobs. The tests work on
// prep jobs they insert themselves (E2E… registrations), so the seeded ones other specs use stay put.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { newId } from "@/lib/ids";
import { expectAccessible } from "../support/accessibility";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";

// Seven walks through the UI, the last with 3,000 inserted jobs: more than the default minute each on a busy machine.
test.describe.configure({ mode: "serial", timeout: 180_000 });

type Place = { siteId: string; organisationId: string; profileId: string };
let coventry: Place;

const SIZES = [
  [360, 640],
  [390, 844],
  [768, 1024],
  [820, 1180],
  [1024, 768],
  [1280, 720],
  [1920, 1080],
  [3840, 2160],
] as const;

async function insertJobs(
  place: Place,
  jobs: { vrm: string; make: string; model: string; stage: string; hoursAgo: number }[],
) {
  await withE2eDatabase(async (client) => {
    for (const [index, job] of jobs.entries()) {
      await client.query(
        `INSERT INTO "PrepJob" ("id", "organisationId", "profileId", "vin", "vrm", "make", "model", "prepSiteId",
           "businessArea", "source", "stage", "createdByUser", "stageChangedAt", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Retail', 'CREATED_MANUALLY', $9::"PrepJobStage", 'e2e',
           now() - make_interval(hours => $10), now())`,
        [
          newId(),
          place.organisationId,
          place.profileId,
          `E2EVIN${String(index).padStart(5, "0")}${job.vrm.replace(/\W/g, "")}`.slice(0, 17),
          job.vrm,
          job.make,
          job.model,
          place.siteId,
          job.stage,
          job.hoursAgo,
        ],
      );
    }
  });
}

async function openCoventry(page: Page) {
  await page.goto(`/prep-jobs?site=${coventry.siteId}`);
  await expect(page.getByText("Northgate Prep Centre Coventry · ")).toBeVisible();
  await expect(page.getByTestId("kanban-board")).toHaveAttribute("data-connection", "live", {
    timeout: 30_000,
  });
}

const card = (page: Page, vrm: string) => page.getByTestId("kanban-card").filter({ hasText: vrm });
const column = (page: Page, stage: string) => page.locator(`section[data-stage="${stage}"]`);

test.beforeAll(async () => {
  coventry = await withE2eDatabase(async (client) => {
    const { rows } = await client.query<Place>(
      `SELECT s."id" AS "siteId", s."organisationId", p."id" AS "profileId"
         FROM "Site" s JOIN "Profile" p ON p."organisationId" = s."organisationId"
        WHERE s."code" = 'COV1' ORDER BY p."createdAt" LIMIT 1`,
    );
    return rows[0]!;
  });
  await insertJobs(coventry, [
    { vrm: "E2E1 MVE", make: "Kia", model: "Niro", stage: "ARRIVED", hoursAgo: 1 },
    { vrm: "E2E2 NTS", make: "Volvo", model: "XC40", stage: "ARRIVED", hoursAgo: 2 },
    { vrm: "E2E3 WIP", make: "Mazda", model: "MX-5", stage: "ARRIVED", hoursAgo: 3 },
    // The oldest arrival, so that it is among the cards its capped column carries.
    { vrm: "E2E4 TAB", make: "Ford", model: "Puma", stage: "ARRIVED", hoursAgo: 900 },
  ]);
});

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: `/prep-jobs?site=${coventry.siteId}` });
});

test("on a phone a card moves with Move to…, one stage at a time", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openCoventry(page);
  // One stage at a time: Inbound shows, Arrived does not until it is chosen.
  await expect(column(page, "INBOUND")).toBeVisible();
  await expect(column(page, "ARRIVED")).toBeHidden();
  const stages = page.getByRole("navigation", { name: "Stages" });
  await stages.getByRole("button", { name: /Arrived/ }).click();
  await expect(column(page, "ARRIVED")).toBeVisible();
  await expect(column(page, "INBOUND")).toBeHidden();
  await card(page, "E2E1 MVE")
    .getByRole("button", { name: /^E2E1 MVE\s*: details$/ })
    .click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("heading", { name: "Kia Niro (E2E1 MVE)" })).toBeVisible();
  // Only the moves the stage rules allow from Arrived: Appraised.
  await expect(drawer.getByRole("button", { name: /^Move to / })).toHaveText(["Move to Appraised"]);
  await drawer.getByRole("button", { name: "Move to Appraised" }).click();
  await expect(page.getByTestId("kanban-status")).toContainText("Moved Kia Niro (E2E1 MVE) to Appraised.");
  await expect(column(page, "APPRAISED").getByText("E2E1 MVE")).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/kanban-phone-moved.png" });
  await page.reload();
  await stages.getByRole("button", { name: /Appraised/ }).click();
  await expect(column(page, "APPRAISED").getByText("E2E1 MVE")).toBeVisible();
});

/** A finger's drag (touch events, so the browser's pointer events say "touch"), in steps. */
async function touchDrag(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  const a = { x: start.x + start.width / 2, y: start.y + 20 };
  const b = { x: end.x + end.width / 2, y: end.y + Math.min(end.height / 2, 40) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [a] });
  for (let step = 1; step <= 15; step++) {
    const at = { x: a.x + ((b.x - a.x) * step) / 15, y: a.y + ((b.y - a.y) * step) / 15 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

test("on a tablet every neighbouring stage is in reach: Arrived → Appraised and back, dragged by touch", async ({
  browser,
}) => {
  const moves = [
    { size: { width: 768, height: 1024 }, from: "ARRIVED", to: "APPRAISED", label: "Appraised" },
    { size: { width: 820, height: 1180 }, from: "APPRAISED", to: "ARRIVED", label: "Arrived" },
  ];
  for (const { size, from, to, label } of moves) {
    const tablet = await browser.newContext({ viewport: size, hasTouch: true, locale: "en-GB" });
    const page = await tablet.newPage();
    await signIn(page, DEMO_STAFF.admin, { callbackUrl: `/prep-jobs?site=${coventry.siteId}` });
    await openCoventry(page);
    // No keyboard hints on a touch screen: it says how a finger moves a card.
    await expect(page.getByTestId("keyboard-hint")).toBeHidden();
    await expect(page.getByText("Tap a card to move it, or drag it onto the stage beside it.")).toBeVisible();
    // Choosing Arrived shows it with the stage after it: the commonest move is on the screen.
    await page
      .getByRole("navigation", { name: "Stages" })
      .getByRole("button", { name: /Arrived/ })
      .click();
    for (const stage of ["ARRIVED", "APPRAISED"]) await expect(column(page, stage)).toBeVisible();
    for (const stage of ["INBOUND", "OUTBOUND"]) await expect(column(page, stage)).toBeHidden();
    await touchDrag(page, card(page, "E2E4 TAB"), page.locator(`[data-zone="${to}"]`));
    await expect(page.getByTestId("kanban-status")).toContainText(`Moved Ford Puma (E2E4 TAB) to ${label}.`);
    await expect(column(page, to).getByText("E2E4 TAB")).toBeVisible();
    await expect(column(page, from).getByText("E2E4 TAB")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `e2e/screenshots/kanban-tablet-${size.width}x${size.height}-dragged.png` });
    await tablet.close();
  }
});

test("the drawer shows the history, and a note added there persists", async ({ page }) => {
  await openCoventry(page);
  await card(page, "E2E1 MVE")
    .getByRole("button", { name: /^E2E1 MVE\s*: details$/ })
    .click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByTestId("card-history")).toContainText("Moved to Appraised by admin@demo.test");
  await drawer.getByLabel("New note").fill("Offside rear tyre below legal tread");
  await drawer.getByRole("button", { name: "Add note" }).click();
  await expect(drawer.getByTestId("card-notes")).toContainText("Offside rear tyre below legal tread");
  await page.screenshot({ path: "e2e/screenshots/kanban-drawer.png" });
  await page.reload();
  await card(page, "E2E1 MVE")
    .getByRole("button", { name: /^E2E1 MVE\s*: details$/ })
    .click();
  await expect(page.getByRole("dialog").getByTestId("card-notes")).toContainText(
    "Offside rear tyre below legal tread",
  );
  await expect(page.getByRole("dialog").getByTestId("card-notes")).toContainText("admin@demo.test");
});

test("search filters the cards as you type, and the filters narrow them", async ({ page }) => {
  await openCoventry(page);
  const cards = page.getByTestId("kanban-card");
  expect(await cards.count()).toBeGreaterThan(2);
  await page.getByRole("searchbox", { name: "Search" }).fill("e2e2");
  await expect(cards).toHaveCount(1);
  await expect(card(page, "E2E2 NTS")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill("volvo");
  await expect(card(page, "E2E2 NTS")).toBeVisible();
  await expect(card(page, "E2E1 MVE")).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search" }).fill("");
  await page.getByLabel("Substage").selectOption("SCHEDULED");
  await expect(cards.filter({ hasText: "E2E" })).toHaveCount(0);
  for (const badge of await cards.all()) await expect(badge).toContainText("Scheduled");
});

test("a WIP limit turns a column amber at the limit and red over it", async ({ page }) => {
  await openCoventry(page);
  const arrived = column(page, "ARRIVED");
  const count = Number((await arrived.getByTestId("column-count").textContent())!.split("/")[0]!.trim());
  expect(count).toBeGreaterThanOrEqual(2);
  for (const [limit, state] of [
    [count, "at"],
    [count - 1, "over"],
  ] as const) {
    await page.goto(`/prep-jobs/settings?site=${coventry.siteId}`);
    await page.getByLabel("Arrived: WIP limit").fill(String(limit));
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Saved. The kanban uses these settings now.")).toBeVisible();
    await openCoventry(page);
    await expect(arrived).toHaveAttribute("data-wip", state);
    await expect(arrived.getByTestId("column-count")).toHaveText(`${count} / ${limit}`);
    await page.screenshot({ path: `e2e/screenshots/kanban-wip-${state}.png` });
  }
  const colour = await arrived.evaluate((section) => getComputedStyle(section).backgroundColor);
  expect(colour).not.toBe("rgba(0, 0, 0, 0)");
});

test("fits every screen size, with no serious accessibility violation on a phone and a laptop", async ({
  page,
}) => {
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await openCoventry(page);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `no sideways scrolling at ${width}×${height}`,
    ).toBe(true);
    if ((width === 390 && height === 844) || (width === 1280 && height === 720)) await expectAccessible(page);
    await page.screenshot({ path: `e2e/screenshots/kanban-${width}x${height}.png` });
  }
});

test("a prep site with 3,000 open jobs renders under 300 KB and search finds any of them", async ({
  page,
}) => {
  const busy = await withE2eDatabase(async (client) => {
    const siteId = newId();
    await client.query(
      `INSERT INTO "Site" ("id", "organisationId", "name", "code", "countryCode", "addressLine1", "city", "postcode",
         "latitude", "longitude", "isPrepSite")
       VALUES ($1, $2, 'E2E Busy Prep Centre', 'E2EBUSY', 'GB', '1 Busy Road', 'Leeds', 'LS1 1AA', 53.8, -1.55, true)`,
      [siteId, coventry.organisationId],
    );
    return { ...coventry, siteId };
  });
  const stages = ["INBOUND", "ARRIVED", "APPRAISED", "OUTBOUND"];
  await insertJobs(
    busy,
    Array.from({ length: 3_000 }, (_, index) => ({
      vrm: `BZ${String(index).padStart(4, "0")} E2E`,
      make: "Skoda",
      model: "Octavia",
      stage: stages[index % 4]!,
      hoursAgo: 1 + index,
    })),
  );
  try {
    const response = await page.request.get(`/prep-jobs?site=${busy.siteId}`);
    expect(response.status()).toBe(200);
    const bytes = (await response.body()).length;
    test.info().annotations.push({ type: "HTML size at 3,000 open jobs", description: `${bytes} bytes` });
    expect(bytes).toBeLessThan(300 * 1024);
    await page.goto(`/prep-jobs?site=${busy.siteId}`);
    await expect(column(page, "ARRIVED").getByTestId("column-count")).toHaveText("750");
    await expect(column(page, "ARRIVED")).toContainText(/\+ \d+ more/);
    // The column shows its oldest; the newest Arrived job is far beyond the cap, and the server's search finds it.
    await expect(card(page, "BZ0001 E2E")).toHaveCount(0);
    await page.getByRole("searchbox", { name: "Search" }).fill("BZ0001");
    await expect(page.getByTestId("kanban-card")).toHaveCount(1);
    await expect(card(page, "BZ0001 E2E")).toBeVisible();
  } finally {
    await withE2eDatabase(async (client) => {
      await client.query(`DELETE FROM "PrepJob" WHERE "prepSiteId" = $1`, [busy.siteId]);
      await client.query(`DELETE FROM "Site" WHERE "id" = $1`, [busy.siteId]);
    });
  }
});
