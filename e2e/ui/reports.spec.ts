// /reports on the demo data (issue 17 §3): every chart draws (bars in the HTML) with its table, a filter
// changes the figures and stays in the URL, a table downloads as CSV, bad filters get a message; on a
// phone, a tablet and a desktop nothing scrolls sideways and axe finds nothing serious. The desktop
// view is photographed for docs/reports.md.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { IMAGES } from "../support/carrier-phone";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.use({ locale: "en-GB", timezoneId: "Europe/London" });
test.describe.configure({ timeout: 180_000 });

const REPORTS = [
  ["on-time-weekly", "On-time delivery rate by week"],
  ["on-time-carriers", "On-time delivery rate by carrier"],
  ["price-variance", "Final price against the estimate, by carrier"],
  ["stage-time", "Time in each prep stage, by site"],
  ["days-to-frontline", "Days to frontline, by prep site"],
  ["lanes", "Volume by lane"],
  ["eta-accuracy-lanes", "ETA accuracy by lane"],
  ["eta-accuracy-carriers", "ETA accuracy by carrier"],
] as const;
/** Drawn on the server as plain bars (components/reports/recon-charts.tsx). */
const RECON_REPORTS = [
  ["recon-cost-sites", "Recon cost per vehicle, by prep site"],
  ["recon-cost-categories", "Recon cost by category of work"],
  ["recon-cost-makes", "Recon cost per vehicle, by make and model"],
  ["recon-waiting", "Why vehicles wait: arrival to frontline, by cause"],
  ["recon-approvals", "Approval turnaround, by approver"],
  ["recon-vehicles", "Vehicles that reached the frontline last: cost and waiting"],
] as const;

const section = (page: Page, key: string) => page.locator(`[data-report="${key}"]`);

/** The sum of one column of a report's table (its data rows). */
async function columnTotal(page: Page, key: string, column: number): Promise<number> {
  // The page has loaded when the table has its first row.
  await expect(section(page, key).locator("tbody tr").first()).toBeVisible();
  const cells = await section(page, key)
    .locator("tbody tr")
    .evaluateAll((rows, index) => rows.map((row) => Number(row.children[index]?.textContent ?? 0)), column);
  return cells.reduce((sum, value) => sum + value, 0);
}

test("every chart draws the demo data, with its table behind it", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher, { callbackUrl: "/reports" });
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  for (const [key, title] of REPORTS) {
    const report = section(page, key);
    await expect(report.getByRole("heading", { name: title })).toBeVisible();
    const chart = report.getByRole("img", { name: new RegExp(`^${title}`) });
    await expect(chart).toBeVisible();
    expect(await chart.locator("[data-bar]").count(), `${key} has bars`).toBeGreaterThan(0);
    expect(await report.locator("tbody tr").count(), `${key} has rows`).toBeGreaterThan(0);
  }
  await expect(section(page, "on-time-carriers").locator("tbody")).toContainText("Priya Shah");
  await expect(section(page, "price-variance").locator("tbody")).toContainText("SwiftMove Logistics");
  const stages = section(page, "stage-time").locator("tbody");
  await expect(stages).toContainText("Coventry");
  await expect(stages).toContainText("Working hours");
  await expect(section(page, "days-to-frontline").locator("tbody")).toContainText("Wakefield");
  await expect(section(page, "lanes").locator("tbody")).toContainText("Manchester");
  // Chart labels name the lanes by site code (a long label wraps, so the space may become a line break).
  await expect(section(page, "lanes").getByRole("img")).toContainText("MAN1 → LDS1");
  for (const [key, title] of RECON_REPORTS) {
    const report = section(page, key);
    await expect(report.getByRole("heading", { name: title })).toBeVisible();
    await expect(report.getByRole("img", { name: new RegExp(`^${title}`) })).toBeVisible();
    expect(await report.locator("tbody tr").count(), `${key} has rows`).toBeGreaterThan(0);
  }
  // The demo history's three prep sites, every cause, and both approvers.
  const waiting = section(page, "recon-waiting");
  await expect(waiting.locator("tbody tr")).toHaveCount(3);
  await expect(waiting.getByRole("img")).toContainText("Waiting parts");
  const approvers = section(page, "recon-approvals").locator("tbody");
  await expect(approvers).toContainText("Morgan Reyes");
  await expect(approvers).toContainText("Alex Morgan");
  await expect(section(page, "recon-cost-categories").locator("tbody")).toContainText("Mechanical");
});

test("the page and its charts are drawn on the demo data (timed, figures only)", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher, { callbackUrl: "/reports" });
  const charts = page.locator("[data-chart]");
  const all = REPORTS.length + RECON_REPORTS.length;
  // Once before timing: the first view of a page after the server starts compiles its code.
  await expect(charts).toHaveCount(all);
  const served: number[] = [];
  const drawn: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = Date.now();
    await page.goto("/reports");
    await expect(charts).toHaveCount(all);
    drawn.push(Date.now() - started);
    served.push(
      await page.evaluate(() => {
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        return Math.round(navigation!.responseEnd - navigation!.requestStart);
      }),
    );
  }
  // Figures only, as the benchmarks: on a shared two-core machine the load decides them more than the page.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const figures = `HTML ${median(served)} ms (${served.join(", ")}); every chart drawn ${median(drawn)} ms (${drawn.join(", ")})`;
  test.info().annotations.push({ type: "/reports on the demo data, median of 5", description: figures });
  console.log(`/reports on the demo data, median of 5: ${figures}`);
});

test("a chart's legend runs in the order of its bars", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher, { callbackUrl: "/reports" });
  const stages = section(page, "stage-time").getByRole("img");
  await expect(stages.locator("[data-legend-item]").first()).toBeVisible();
  const legend = await stages.locator("[data-legend-label]").allTextContents();
  expect(legend).toEqual(
    ["Inbound", "Arrived", "Appraised", "Outbound"]
      .map((stage) => `${stage} (median, h)`)
      .filter((item) => legend.includes(item)),
  );
  expect(legend.length).toBeGreaterThan(1);
  // Each legend entry's colour is the colour of each site's bar in the same place.
  const legendColours = await stages
    .locator("[data-swatch]")
    .evaluateAll((swatches) => swatches.map((swatch) => getComputedStyle(swatch).backgroundColor));
  for (const row of await stages.locator("[data-bar-row]").all()) {
    expect(
      await row
        .locator("[data-bar]")
        .evaluateAll((bars) => bars.map((bar) => getComputedStyle(bar).backgroundColor)),
    ).toEqual(legendColours);
  }
  await expect(section(page, "days-to-frontline").locator("[data-legend-label]")).toHaveText([
    "Median (days)",
    "90th percentile (days)",
  ]);
});

test("a filter changes the figures and is kept in the URL", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher, { callbackUrl: "/reports" });
  const allAreas = await columnTotal(page, "on-time-weekly", 1);
  expect(allAreas).toBeGreaterThan(0);
  await page.getByLabel("Business area").selectOption("Fleet");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]area=Fleet/);
  await expect(page.getByLabel("Business area")).toHaveValue("Fleet");
  const fleet = await columnTotal(page, "on-time-weekly", 1);
  expect(fleet).toBeGreaterThan(0);
  expect(fleet).toBeLessThan(allAreas);

  // A range with nothing in it: each report says what would appear.
  await page.goto("/reports?from=2020-01-01&to=2020-01-31");
  await expect(page.getByText("Nothing to show for these filters")).toHaveCount(
    REPORTS.length + RECON_REPORTS.length,
  );
  await expect(section(page, "lanes")).toContainText("Once movement requests are created in this period");

  await page.goto("/reports?from=someday&area=Wholesale");
  const problem = page.getByRole("alert").filter({ hasText: "These filters cannot be used" });
  await expect(problem).toContainText("area");
  await expect(problem).toContainText("from");
});

test("a table downloads as CSV", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher, { callbackUrl: "/reports" });
  const downloading = page.waitForEvent("download");
  await section(page, "lanes").getByRole("link", { name: /CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lanes-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), "utf8");
  const lines = text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("From,To,Requests,Delivered,Cancelled or aborted");
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).join("\n")).toContain("Manchester");

  const unknown = await page.request.get("/reports/export?report=everything");
  expect(unknown.status()).toBe(400);
  const badFilter = await page.request.get("/reports/export?report=lanes&to=tomorrow");
  expect(badFilter.status()).toBe(400);
});

test("prep staff cannot open the reports", async ({ page }) => {
  await signIn(page, DEMO_STAFF.prep);
  await page.goto("/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toHaveCount(0);
  expect((await page.request.get("/reports/export?report=lanes")).status()).toBe(403);
});

for (const size of [
  { name: "390x844", width: 390, height: 844 },
  { name: "768x1024", width: 768, height: 1024 },
  { name: "1920x1080", width: 1920, height: 1080 },
]) {
  test(`at ${size.name} nothing scrolls sideways and axe finds nothing serious`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/reports" });
    await expect(section(page, "lanes").locator("[data-bar]").first()).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, `/reports at ${size.name} scrolls sideways`).toBeLessThanOrEqual(size.width);
    await expectAccessible(page);
    const shots = path.join(import.meta.dirname, "..", "screenshots");
    await page.screenshot({ path: path.join(shots, size.name, "reports.png"), scale: "css" });
    if (size.name === "1920x1080") {
      await page.screenshot({
        path: `${IMAGES}/reports.png`,
        fullPage: true,
        scale: "css",
      });
    }
  });
}
