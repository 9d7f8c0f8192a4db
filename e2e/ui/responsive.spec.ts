// Every staff page on every screen, from a 360 px phone to a 4K workshop TV: nothing scrolls sideways,
// touch targets are at least 44 px on touch screens, axe finds no serious or critical violation on a
// phone and a laptop. Below 1024 px the navigation is behind a "Menu" button; on a phone the board is
// a list of cards with its filters and details in sheets. Each page is photographed at each size into
// e2e/screenshots/<size>/ (viewport only; look at them after a layout change).
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { expectAccessible } from "../support/accessibility";
import { DEMO_STAFF, signIn } from "../support/sign-in";

type Size = { name: string; width: number; height: number; touch: boolean; phone: boolean };

const SIZES: Size[] = [
  { name: "360x640", width: 360, height: 640, touch: true, phone: true },
  { name: "390x844", width: 390, height: 844, touch: true, phone: true },
  { name: "768x1024", width: 768, height: 1024, touch: true, phone: false },
  { name: "820x1180", width: 820, height: 1180, touch: true, phone: false },
  { name: "1024x768", width: 1024, height: 768, touch: true, phone: false },
  { name: "1280x720", width: 1280, height: 720, touch: false, phone: false },
  { name: "1920x1080", width: 1920, height: 1080, touch: false, phone: false },
  { name: "3840x2160", width: 3840, height: 2160, touch: false, phone: false },
];
/** Where axe runs on every page: a phone and a laptop. */
const AXE_SIZES = new Set(["390x844", "1280x720"]);

const SCREENSHOTS = path.join(import.meta.dirname, "..", "screenshots");
const integration = () => ({ "X-Service-API-Key": env().DEMO_API_KEY_A });

let endpointId = "";
const VRM = `RS${(Date.now() % 90) + 10} PHN`;

test.use({ locale: "en-GB", timezoneId: "Europe/London" });

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  const endpoint = await api.post("/v1/webhooks/endpoints", {
    headers: integration(),
    data: { url: "https://93.184.215.14/responsive", description: "Dealer system (responsive check)" },
  });
  expect(endpoint.status()).toBe(201);
  endpointId = ((await endpoint.json()) as { id: string }).id;
  const sites = (
    (await (await api.get("/v1/infrastructure/sites", { headers: integration() })).json()) as {
      data: { id: string; countryCode: string }[];
    }
  ).data.filter((site) => site.countryCode === "GB");
  const created = await api.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integration(),
    data: {
      vehicle: { vrm: VRM, make: "Skoda", model: "Octavia" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-03-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    },
  });
  expect(created.status()).toBe(201);
  await api.dispose();
});

const staffPages = () => [
  { slug: "board", path: "/board" },
  { slug: "new-movement", path: "/movements/new" },
  { slug: "prep-jobs", path: "/prep-jobs" },
  { slug: "reports", path: "/reports" },
  { slug: "display-links", path: "/prep-jobs/display-links" },
  { slug: "prep-site-settings", path: "/prep-jobs/settings" },
  { slug: "integrations", path: "/integrations" },
  { slug: "endpoint", path: `/integrations/endpoints/${endpointId}` },
  { slug: "notices", path: "/notices" },
  { slug: "mailbox", path: "/mailbox" },
  { slug: "users", path: "/users" },
  { slug: "system", path: "/system" },
  { slug: "branding", path: "/settings/branding" },
  { slug: "api-reference", path: "/docs/api" },
];

async function check(page: Page, size: Size, { slug, path: url }: { slug: string; path: string }) {
  await page.goto(url);
  await expect(page.locator("h1").first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(scrollWidth, `${url} at ${size.name} scrolls sideways`).toBeLessThanOrEqual(size.width);
  if (size.touch) {
    expect.soft(await smallTouchTargets(page), `${url} at ${size.name}: targets under 44 px`).toEqual([]);
  }
  await page.screenshot({ path: path.join(SCREENSHOTS, size.name, `${slug}.png`), scale: "css" });
  if (AXE_SIZES.has(size.name)) await expectAccessible(page);
}

/** Buttons, fields and the shell's links that are visible and less than 44 px high. */
function smallTouchTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      "button",
      "select",
      "input:not([type=checkbox]):not([type=radio]):not([type=hidden])",
      // The top bar's links, and links drawn as buttons (inline links in text are exempt, WCAG 2.5.8).
      "header.sticky a",
      "a[class*='justify-center']",
    ].join(",");
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const shown = box.width > 0 && style.visibility !== "hidden" && !element.closest("[hidden]");
        return shown && !element.closest(".sr-only") && box.height < 43.5;
      })
      .map((element) => {
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40);
        return `${element.tagName.toLowerCase()} "${name}" ${Math.round(element.getBoundingClientRect().height)} px`;
      });
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  // A sign-in, several pages and axe twice: more than the default minute on a loaded two-core machine.
  test.describe.configure({ timeout: 180_000 });

  test("the Menu button opens and closes the navigation", async ({ page }) => {
    await signIn(page, DEMO_STAFF.admin);
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main).toBeHidden();
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(main.getByRole("link")).toHaveText([
      "Board",
      "New movement",
      "Prep jobs",
      "Reports",
      "Integrations",
      "Users",
      "Branding",
      "System",
      "Mailbox",
    ]);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, "390x844", "menu-open.png"), scale: "css" });
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();

    await menu.click();
    await main.getByRole("link", { name: "Integrations" }).click();
    await expect(page).toHaveURL(/\/integrations$/);
    await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(main).toBeHidden();
  });

  test("the board is a list of cards, with its filters and details in sheets", async ({ page }) => {
    await signIn(page, DEMO_STAFF.dispatcher);
    await expect(page.getByRole("table")).toHaveCount(0);
    const cards = page.getByRole("list", { name: "Movement requests" });
    await page.getByRole("searchbox", { name: "Search" }).fill(VRM);
    const card = cards.getByRole("link", { name: new RegExp(VRM) });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Skoda Octavia");
    await expect(card).toContainText("Awaiting planning");
    await expect(card).toContainText("Deadline");
    await expect(card).toContainText("Unassigned");

    await page.getByRole("button", { name: "Filters" }).click();
    const filters = page.getByRole("dialog", { name: "Filter movements" });
    await expect(filters).toBeVisible();
    await filters.getByLabel("Business area").selectOption("Fleet");
    await expect(page).toHaveURL(/area=Fleet/);
    await expect(page).toHaveURL(/[?&]q=RS\d+\+PHN/);
    await page.screenshot({ path: path.join(SCREENSHOTS, "390x844", "board-filters.png"), scale: "css" });
    await filters.getByRole("button", { name: "Show movements" }).click();
    await expect(filters).toBeHidden();
    await expect(page.getByRole("button", { name: "Filters 1 active" })).toBeVisible();
    await expect(card).toBeHidden();
    await page.getByRole("button", { name: "Filters 1 active" }).click();
    await filters.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/area=/);
    await filters.getByRole("button", { name: "Close filters" }).click();
    await expect(card).toBeVisible();

    await card.click();
    const details = page.getByRole("dialog", { name: new RegExp(VRM) });
    await expect(details).toBeVisible();
    await expect(details.getByRole("heading", { name: "Audit trail" })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, "390x844", "board-detail.png"), scale: "css" });
    await expectAccessible(page);
    await details.getByRole("button", { name: "Accept for planning" }).click();
    await expect(details.getByRole("status")).toHaveText("Acceptance recorded.");
    await expect(details).toContainText("Accepted for planning");
    for (const action of ["Plan", "Cancel movement…"]) {
      await expect(details.getByRole("button", { name: action, exact: true })).toBeVisible();
    }
    const scrollWidth = await details.evaluate((element) => element.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await details.getByRole("button", { name: "Close details" }).click();
    await expect(details).toBeHidden();
    await expect(page).not.toHaveURL(/open=/);
    await expect(card).toContainText("Accepted for planning");
  });
});

test("the navigation sits whole in the top bar from 1024 px, an admin's nine pages from 1280 px", async ({
  page,
}) => {
  const barHoldsTheNavigation = async () => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    // Every link shows: the bar does not scroll its links sideways.
    expect(await nav.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  };
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, DEMO_STAFF.dispatcher);
  await barHoldsTheNavigation();
  await page.context().clearCookies();
  await signIn(page, DEMO_STAFF.admin);
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
  await barHoldsTheNavigation();
});

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      hasTouch: size.touch,
      isMobile: size.phone,
    });

    test("sign-in fits the screen", async ({ page }) => {
      await check(page, size, { slug: "sign-in", path: "/sign-in" });
    });

    test("every staff page fits the screen", async ({ page }) => {
      test.setTimeout(300_000);
      await signIn(page, DEMO_STAFF.admin);
      for (const staffPage of staffPages()) await check(page, size, staffPage);
    });
  });
}
