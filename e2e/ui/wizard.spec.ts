// The create wizard as a dispatcher uses it (dispatcher@demo.test, Northgate Motors): the planning-pool
// path end to end, the 3PL path with each provider's ability and estimate, the specification's rules
// shown while typing, inline validation with focus on the first error, and accessibility on every step.
// The server's mapping of its own errors onto fields is covered by submit-wizard.int.test.ts.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { env } from "@/lib/env";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { formatMoney } from "@/lib/movement-requests/money";
import { withE2eDatabase } from "../support/e2e-database";
import { expectAccessible } from "../support/accessibility";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.describe.configure({ mode: "serial" });

const MANCHESTER = "Northgate Manchester (MAN1)";
const LEEDS = "Northgate Leeds (LDS1)";
const CHICAGO = "Northgate Chicago (CHI1)";
const API_HEADERS = { "X-Service-API-Key": env().DEMO_API_KEY_A };
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

type Money = { centAmount: number; currencyCode: string };
type Site = { id: string; code: string; latitude: number; longitude: number };
type Provider = {
  id: string;
  name: string;
  transportMethods: string[];
  rateCards: { transportMethod: string; baseCost: Money; perKmCost: Money }[];
};

/** A calendar date a number of days from today (UTC), as a date input takes it. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A full-page picture from the top (the shell's bar is sticky); the viewport only with fullPage false. */
async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/screenshots/wizard-${name}.png`, fullPage });
}

async function continueTo(page: Page, step: string) {
  await page.getByRole("button", { name: `Continue to ${step.toLowerCase()}` }).click();
  // Focus moves to the new step's heading, so a screen reader starts there.
  await expect(page.getByRole("heading", { level: 2, name: step })).toBeFocused();
}

async function openWizard(page: Page) {
  await page.goto("/movements/new");
  await expect(page.getByRole("heading", { level: 1, name: "New movement request" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Vehicle" })).toBeVisible();
}

async function fillVehicle(page: Page, vehicle: { vin: string; vrm: string; make: string; model: string }) {
  await page.getByLabel("VIN", { exact: true }).fill(vehicle.vin);
  await page.getByLabel("Registration mark (VRM)").fill(vehicle.vrm);
  await page.getByLabel("Make").fill(vehicle.make);
  await page.getByLabel("Model").fill(vehicle.model);
  await page.getByRole("radio", { name: "Retail" }).check();
}

async function fillRoute(page: Page, deliveryBy: string) {
  await continueTo(page, "Origin");
  await page.getByLabel("Collect from").selectOption({ label: MANCHESTER });
  await continueTo(page, "Destination");
  await page.getByLabel("Deliver to").selectOption({ label: LEEDS });
  await page.getByLabel("Deliver by (date)").fill(deliveryBy);
}

async function getMovementRequest(request: APIRequestContext, id: string) {
  const response = await request.get(`/v1/movement-requests/${id}`, { headers: API_HEADERS });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    status: string;
    vehicle: { vin?: string; vrm?: string };
    destination: { deliveryByTimeslot: string; deliveryByTime?: string; deliveryByDate: string };
    origin: { readyToCollectFromTimeslot: string };
    estimatedCost?: Money;
    provider?: { type: string; name: string };
    notes?: string;
  };
}

/** The new request is open in the board's detail panel (?open=<id>); returns its id. */
async function expectOnBoard(page: Page, vrm: string): Promise<string> {
  await expect(page).toHaveURL(/\/board\?open=[0-9A-Z]{26}$/, { timeout: 20_000 });
  const id = new URL(page.url()).searchParams.get("open") ?? "";
  expect(id).toMatch(ULID);
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(vrm) })).toBeVisible();
  return id;
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher);
});

test("the planning-pool path: every step accessible, the rules shown as typed, the request opens on the board", async ({
  page,
  request,
}) => {
  const deliveryBy = daysFromNow(10);
  await openWizard(page);
  await expectAccessible(page, { include: "#main-content" });
  await fillVehicle(page, { vin: "wf0xxxgcdx7654321", vrm: "MA71 WZD", make: "Ford", model: "Puma" });
  await expect(page.getByText("Valid VIN")).toBeVisible();
  await expect(page.getByText("Valid UK registration mark")).toBeVisible();
  await screenshot(page, "vehicle");

  await continueTo(page, "Origin");
  await page.getByLabel("Collect from").selectOption({ label: MANCHESTER });
  // "Ready now": today at the site's clock, in the slot it is in now.
  await expect(page.getByTestId("ready-rule")).toContainText(/(AM \(before 12:00\)|PM \(from 12:00\))/);
  await expect(page.getByTestId("ready-rule")).toContainText("Today at Northgate Manchester");
  await expectAccessible(page, { include: "#main-content" });
  await screenshot(page, "origin");

  await continueTo(page, "Destination");
  await page.getByLabel("Deliver to").selectOption({ label: LEEDS });
  await page.getByLabel("Deliver by (date)").fill(deliveryBy);
  await page.getByLabel("Deadline time").fill("16:00");
  // Rule 1: 16:00 is PM; rule 2: 16:00 stays the delivery hours.
  await expect(page.getByText("PM (from 12:00)").first()).toBeVisible();
  await expect(page.getByTestId("deadline-rule")).toContainText("PM, by 16:00");
  await expectAccessible(page, { include: "#main-content" });
  await screenshot(page, "destination");

  await continueTo(page, "Dispatch");
  await expect(page.getByRole("radio", { name: "Planning pool" })).toBeChecked();
  const poolEstimate = await page
    .locator("label", { has: page.getByRole("radio", { name: "Planning pool" }) })
    .getByTestId("estimated-cost")
    .innerText();
  await expectAccessible(page, { include: "#main-content" });
  await screenshot(page, "dispatch");

  await continueTo(page, "Review");
  await expect(page.getByRole("region", { name: "Destination" })).toContainText("PM, by 16:00");
  await page.getByLabel("Notes for the carrier").fill("Keys with reception 🚗");
  await expect(page.getByTestId("notes-counter")).toHaveText("21 / 1024 characters");
  await expectAccessible(page, { include: "#main-content" });
  await screenshot(page, "review");

  await page.getByRole("button", { name: "Create movement request" }).click();
  const id = await expectOnBoard(page, "MA71 WZD");
  await screenshot(page, "created-on-board", { fullPage: false });
  const created = await getMovementRequest(request, id);
  expect(created).toMatchObject({
    status: "CREATED",
    vehicle: { vin: "WF0XXXGCDX7654321", vrm: "MA71 WZD" },
    destination: { deliveryByDate: deliveryBy, deliveryByTimeslot: "PM", deliveryByTime: "16:00" },
    notes: "Keys with reception 🚗",
  });
  // The estimate shown is the one the server priced.
  expect(poolEstimate).toContain(formatMoney(created.estimatedCost!));
});

test("the 3PL path: which providers carry the method, each one's estimate, then dispatch to one", async ({
  page,
  request,
}) => {
  const sites = (
    (await (await request.get("/v1/infrastructure/sites", { headers: API_HEADERS })).json()) as {
      data: Site[];
    }
  ).data;
  const providers = (
    (await (
      await request.get("/v1/infrastructure/providers/third-party", { headers: API_HEADERS })
    ).json()) as {
      data: Provider[];
    }
  ).data;
  const km = greatCircleDistanceKm(
    sites.find((site) => site.code === "MAN1")!,
    sites.find((site) => site.code === "LDS1")!,
  );
  const swiftMove = providers.find((provider) => provider.name === "SwiftMove Logistics")!;
  const card = swiftMove.rateCards.find((rateCard) => rateCard.transportMethod === "TRANSPORTED")!;
  const swiftMoveEstimate = estimateCost(
    {
      baseCostCents: card.baseCost.centAmount,
      perKmCostCents: card.perKmCost.centAmount,
      currencyCode: card.baseCost.currencyCode,
    },
    km,
  )!;

  await openWizard(page);
  await fillVehicle(page, { vin: "WVWZZZ1KZAW123456", vrm: "LK19 TRN", make: "Volkswagen", model: "Golf" });
  await fillRoute(page, daysFromNow(12));
  await continueTo(page, "Dispatch");
  await page.getByRole("radio", { name: "Transported" }).check();

  const option = (name: string) => page.locator("label", { has: page.getByRole("radio", { name }) });
  // CarCarrier UK does not carry transported vehicles: shown, but cannot be chosen.
  await expect(page.getByRole("radio", { name: "CarCarrier UK" })).toBeDisabled();
  await expect(option("CarCarrier UK")).toContainText("Cannot carry transported vehicles");
  // Pennine Transport carries them, without a TRANSPORTED rate card: no estimate.
  await expect(page.getByRole("radio", { name: "Pennine Transport" })).toBeEnabled();
  await expect(option("Pennine Transport").getByTestId("estimated-cost")).toContainText("No estimate");
  await expect(option("SwiftMove Logistics").getByTestId("estimated-cost")).toContainText(
    formatMoney(swiftMoveEstimate),
  );
  await expect(option("Planning pool").getByTestId("estimated-cost")).toContainText("estimated");

  await page.getByRole("radio", { name: "SwiftMove Logistics" }).check();
  await page.getByRole("checkbox", { name: "Adjust the delivery date" }).check();
  await expectAccessible(page, { include: "#main-content" });
  await screenshot(page, "dispatch-3pl");

  await continueTo(page, "Review");
  await expect(page.getByRole("region", { name: "Dispatch" })).toContainText("SwiftMove Logistics");
  await expect(page.getByRole("region", { name: "Dispatch" })).toContainText(formatMoney(swiftMoveEstimate));
  await page.getByRole("button", { name: "Create movement request" }).click();
  const created = await getMovementRequest(request, await expectOnBoard(page, "LK19 TRN"));
  expect(created.status).toBe("SENT_TO_3PL");
  expect(created.provider).toMatchObject({ type: "THIRD_PARTY_LOGISTICS", name: "SwiftMove Logistics" });
  expect(created.estimatedCost).toEqual(swiftMoveEstimate);
});

test("a choice that stops fitting is let go: switching to Transported clears CarCarrier UK", async ({
  page,
}) => {
  await openWizard(page);
  await fillVehicle(page, { vin: "WVWZZZ1KZAW654321", vrm: "LK19 ABC", make: "Volkswagen", model: "Polo" });
  await fillRoute(page, daysFromNow(5));
  await continueTo(page, "Dispatch");
  await page.getByRole("radio", { name: "CarCarrier UK" }).check();
  await page.getByRole("radio", { name: "Transported" }).check();
  await expect(page.getByText("CarCarrier UK does not carry transported vehicles")).toBeVisible();
  await page.getByRole("button", { name: "Continue to review" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("Choose a logistics provider");
  await expect(page.getByRole("radio", { name: "Pennine Transport" })).toBeFocused();
  // Choosing one clears the error at once.
  await page.getByRole("radio", { name: "Pennine Transport" }).check();
  await expect(summary).toBeHidden();
});

test("validation errors are shown inline and in a summary, and focus goes to the first", async ({ page }) => {
  await openWizard(page);
  await page.getByRole("button", { name: "Continue to origin" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("Enter a VIN or a registration mark (VRM)");
  await expect(summary).toContainText("Choose a business area");
  await expect(page.getByLabel("VIN", { exact: true })).toBeFocused();
  await expect(page.getByLabel("VIN", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // The API's own VIN rule, as the dispatcher leaves the field.
  await page.getByLabel("VIN", { exact: true }).fill("WF0XXXGCDX12345O7");
  await page.getByLabel("Registration mark (VRM)").fill("AB12  CDE");
  await page.getByLabel("Make").focus();
  // Inline, and tied to the field: a screen reader reads it with the field.
  await expect(page.getByLabel("VIN", { exact: true })).toHaveAccessibleDescription(
    /Not a valid VIN: 17 letters and digits, without I, O or Q/,
  );
  await expect(page.getByLabel("Registration mark (VRM)")).toHaveAccessibleDescription(
    /Not a valid UK registration mark/,
  );
  await expectAccessible(page, { include: "#main-content" });
  await screenshot(page, "errors");

  // A link in the summary takes the dispatcher to the field.
  await page.getByRole("radio", { name: "Fleet" }).check();
  await summary.getByRole("link", { name: /Not a valid UK registration mark/ }).click();
  await expect(page.getByLabel("Registration mark (VRM)")).toBeFocused();
  await page.getByLabel("Registration mark (VRM)").fill("AB12 CDE");
  await page.getByLabel("VIN", { exact: true }).fill("WF0XXXGCDX1234567");
  // Enter continues, as in any form.
  await page.getByLabel("VIN", { exact: true }).press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Origin" })).toBeFocused();

  // Notes over 1024 characters (counted as the API counts: code points).
  await page.getByLabel("Collect from").selectOption({ label: MANCHESTER });
  await continueTo(page, "Destination");
  await page.getByLabel("Deliver to").selectOption({ label: LEEDS });
  await page.getByLabel("Deliver by (date)").fill(daysFromNow(3));
  await continueTo(page, "Dispatch");
  await continueTo(page, "Review");
  await page.getByLabel("Notes for the carrier").fill("x".repeat(1025));
  await expect(page.getByTestId("notes-counter")).toHaveText("1025 / 1024 characters (1 too many)");
  await page.getByRole("button", { name: "Create movement request" }).click();
  await expect(page.getByLabel("Notes for the carrier")).toHaveAccessibleDescription(
    /At most 1024 characters/,
  );
  await expect(page.getByLabel("Notes for the carrier")).toBeFocused();
  await expect(page).toHaveURL(/\/movements\/new$/);
});

test("a server error goes back under its field: a site closed while the form was open", async ({ page }) => {
  const siteId = "01KWIZARDE2EYORKSITE00001";
  await withE2eDatabase((db) =>
    db.query(
      `INSERT INTO "Site" (id, "organisationId", name, code, "countryCode", "addressLine1", city, postcode,
         latitude, longitude)
       SELECT $1, id, 'Northgate York', 'YRK1', 'GB', '1 Layerthorpe', 'York', 'YO31 7UU', 53.962, -1.072
       FROM "Organisation" WHERE name = 'Northgate Motors'`,
      [siteId],
    ),
  );
  await openWizard(page);
  await fillVehicle(page, { vin: "WF0XXXGCDX4444444", vrm: "YK20 RKS", make: "Ford", model: "Ranger" });
  await continueTo(page, "Origin");
  await page.getByLabel("Collect from").selectOption({ label: MANCHESTER });
  await continueTo(page, "Destination");
  await page.getByLabel("Deliver to").selectOption({ label: "Northgate York (YRK1)" });
  await page.getByLabel("Deliver by (date)").fill(daysFromNow(8));
  await continueTo(page, "Dispatch");
  await continueTo(page, "Review");
  await withE2eDatabase((db) => db.query(`DELETE FROM "Site" WHERE id = $1`, [siteId]));

  await page.getByRole("button", { name: "Create movement request" }).click();
  // The server's SITE_NOT_FOUND at destination.location.siteId: its step opens, focus on the field.
  await expect(page.getByRole("heading", { level: 2, name: "Destination" })).toBeVisible();
  await expect(page.getByLabel("Deliver to")).toBeFocused();
  await expect(page.getByLabel("Deliver to")).toHaveAccessibleDescription(
    /This site is no longer available: choose another/,
  );
  await expect(page.getByRole("alert").filter({ hasText: "The request was not created" })).toBeVisible();
  await expectAccessible(page, { include: "#main-content" });
  await screenshot(page, "server-error");

  await page.getByLabel("Deliver to").selectOption({ label: LEEDS });
  await continueTo(page, "Dispatch");
  await continueTo(page, "Review");
  await page.getByRole("button", { name: "Create movement request" }).click();
  await expectOnBoard(page, "YK20 RKS");
});

test("choosing 16:00 shows PM; an explicit slot wins over the time", async ({ page }) => {
  await openWizard(page);
  await fillVehicle(page, { vin: "WF0XXXGCDX1111111", vrm: "AB12 CDE", make: "Ford", model: "Fiesta" });
  await fillRoute(page, daysFromNow(4));
  await page.getByLabel("Deadline time").fill("09:30");
  await expect(page.getByTestId("deadline-rule")).toContainText("AM, by 09:30");
  await page.getByLabel("Deadline time").fill("16:00");
  await expect(page.getByText("PM (from 12:00)").first()).toBeVisible();
  await expect(page.getByTestId("deadline-rule")).toContainText("PM, by 16:00");
  await page.getByLabel("Slot").selectOption("AM");
  await expect(page.getByTestId("deadline-rule")).toContainText("An explicit slot wins over the time");
  await expect(page.getByTestId("deadline-rule")).toContainText("AM, by 16:00");
});

test("ready now at a site whose time zone is unknown is any time", async ({ page }) => {
  await openWizard(page);
  await fillVehicle(page, { vin: "1FTFW1E50NFA00001", vrm: "AB12 CDE", make: "Ford", model: "F-150" });
  await continueTo(page, "Origin");
  await page.getByLabel("Collect from").selectOption({ label: CHICAGO });
  await expect(page.getByTestId("ready-rule")).toContainText("any time (the site's time zone is unknown)");
  await page.getByRole("radio", { name: "Ready from a date" }).check();
  await page.getByRole("button", { name: "Continue to destination" }).click();
  await expect(page.getByLabel("Ready from", { exact: true })).toBeFocused();
  await expect(page.getByText("Enter the date the vehicle is ready from")).toHaveCount(2);
});

test("keyboard only: typing, radio cards with the arrow keys, Enter to continue", async ({ page }) => {
  await openWizard(page);
  await page.getByLabel("VIN", { exact: true }).focus();
  await page.keyboard.type("WF0XXXGCDX3333333");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Registration mark (VRM)")).toBeFocused();
  await page.keyboard.type("AB12 CDE");
  for (const label of ["Make", "Model", "Variant"]) {
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(new RegExp(`^${label}`))).toBeFocused();
  }
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "Retail" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Fleet" })).toBeChecked();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Origin" })).toBeFocused();

  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Collect from")).toBeFocused();
  await page.getByLabel("Collect from").selectOption({ label: MANCHESTER });
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: "Ready now" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Ready from a date" })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Ready from", { exact: true })).toBeFocused();

  // The step list takes the dispatcher back, and the values are still there.
  await page
    .getByRole("navigation", { name: "Steps" })
    .getByRole("button", { name: /Vehicle/ })
    .press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Vehicle" })).toBeFocused();
  await expect(page.getByLabel("VIN", { exact: true })).toHaveValue("WF0XXXGCDX3333333");
});

test("at 1920 px the wizard uses the width without stretching its fields", async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openWizard(page);
  await fillVehicle(page, { vin: "WF0XXXGCDX2222222", vrm: "AB12 CDE", make: "Ford", model: "Kuga" });
  await fillRoute(page, daysFromNow(6));
  await continueTo(page, "Dispatch");
  await page.getByRole("radio", { name: "Transported" }).check();
  await expectAccessible(page, { include: "#main-content" });
  await screenshot(page, "dispatch-1920");
});
