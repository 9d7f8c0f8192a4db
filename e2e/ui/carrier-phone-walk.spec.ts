// What a walk on a 390×844 phone found on the carrier's and the customer's side (issue #35 §5), and the
// position shared on the road (§2): the job pages alone may ask for the position; a driver who allows
// it shares it while the leg is on the road (the rows land in the database, every 500 m moved), pauses
// it, and it stops at delivery; a job link opened once reopens offline; the job page has directions and
// numbers to call, and a fixed date reads "On"; the board's audit trail names people; the tracking page
// of a delivered movement has no current step, and its proof card keeps the page's margins at 360 px.
import { expect, test, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { openBoardPanel } from "../support/board-panel";
import {
  driversOfA,
  expectNoSidewaysScroll,
  IMAGES,
  integration,
  mailedLink,
  operations,
  PHONE,
  phone,
  siteIdsOfA,
} from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { recordProofOnPhone } from "../support/proof-form";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const MANCHESTER = { latitude: 53.468, longitude: -2.311 };
/** About 1.1 km further north each step: more than the 500 m that sends a batch at once. */
const north = (steps: number) => ({ ...MANCHESTER, latitude: MANCHESTER.latitude + steps * 0.01 });

/** A Northgate request Manchester → Leeds, delivered on a fixed date, offered to one demo driver. */
async function offeredJob(request: APIRequestContext, vrm: string, driverIndex: number) {
  const site = await siteIdsOfA(request);
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integration(),
    data: {
      vehicle: { vrm, make: "Kia", model: "Niro" },
      origin: { location: { type: "INTERNAL", siteId: site("MAN1") } },
      destination: {
        location: { type: "INTERNAL", siteId: site("LDS1") },
        deliveryByDate: "2027-06-03",
        deliverOnSpecifiedDate: true,
      },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    },
  });
  expect(created.status()).toBe(201);
  const requestId = ((await created.json()) as { id: string }).id;
  const driver = (await driversOfA(request))[driverIndex]!;
  const since = new Date();
  const offered = await request.post(`/v1/operations/movement-requests/${requestId}/assign`, {
    headers: operations(),
    data: { offerToDriverId: driver.id },
  });
  expect(offered.status()).toBe(200);
  return { requestId, driver, path: await mailedLink(driver.email, since) };
}

async function positionsOf(requestId: string) {
  return withE2eDatabase(
    async (client) =>
      (
        await client.query<{ latitude: number; source: string }>(
          `SELECT latitude, source FROM "VehiclePosition" WHERE "movementRequestId" = $1 ORDER BY "recordedAt"`,
          [requestId],
        )
      ).rows,
  );
}

async function phoneWithPosition(context: BrowserContext) {
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation(MANCHESTER);
}

test("only the job pages may ask for the position; everywhere else the policy says nobody", async ({
  request,
  browser,
}) => {
  const { path } = await offeredJob(request, `PP${(Date.now() % 90) + 10} HDR`, 1);
  const policy = async (url: string) =>
    (await request.get(url, { maxRedirects: 0 })).headers()["permissions-policy"];
  expect(await policy(path)).toBe("camera=(), microphone=(), geolocation=(self), payment=()");
  expect(await policy("/carrier/jobs/01ARZ3NDEKTSV4RRFFQ69G5FAV")).toContain("geolocation=(self)");
  for (const other of ["/", "/sign-in", "/board", "/carrier/jobs", `${path}/view`, "/v1/openapi.json"]) {
    expect(await policy(other), other).toBe("camera=(), microphone=(), geolocation=(), payment=()");
  }
  // The browser reads it so: the job page may ask, the sign-in page may not.
  const context = await phone(browser);
  const page = await context.newPage();
  const allows = () =>
    page.evaluate(() =>
      (
        document as Document & { featurePolicy: { allowsFeature(f: string): boolean } }
      ).featurePolicy.allowsFeature("geolocation"),
    );
  await page.goto(path);
  expect(await allows()).toBe(true);
  await page.goto("/sign-in");
  expect(await allows()).toBe(false);
  await context.close();
});

test("a drive: the driver shares the position on the road, pauses it, and it stops at delivery", async ({
  browser,
  request,
  page,
}) => {
  test.setTimeout(180_000);
  const vrm = `PP${(Date.now() % 90) + 10} GPS`;
  const { requestId, driver, path } = await offeredJob(request, vrm, 2);
  const context = await phone(browser);
  await phoneWithPosition(context);
  const job = await context.newPage();
  await job.goto(path);

  // The practical details: a fixed date, directions in the phone's maps app, numbers to call.
  await expect(job.getByText("On Thu, 3 Jun 2027")).toBeVisible();
  await expect(job.getByRole("link", { name: "Directions to Northgate Manchester" })).toHaveAttribute(
    "href",
    /^geo:53\.468,-2\.311\?q=53\.468,-2\.311\(Northgate%20Manchester/,
  );
  await expect(job.getByRole("link", { name: "Call +441614960123 (Northgate Manchester)" })).toHaveAttribute(
    "href",
    "tel:+441614960123",
  );
  await expect(job.getByRole("link", { name: "+441614960000" })).toHaveAttribute("href", "tel:+441614960000");
  await job.screenshot({ path: `${IMAGES}/job-directions-phone.png`, fullPage: true });

  await job.getByRole("button", { name: "Accept job" }).click();
  await expect(job.getByTestId("job-status")).toHaveText("Accepted by a driver");
  await expect(job.getByRole("region", { name: "Share your position on the road" })).toHaveCount(0);
  await job.getByRole("button", { name: "Vehicle collected" }).click();
  await expect(job.getByTestId("proof-position")).toHaveText("Position recorded.");
  await recordProofOnPhone(job, { person: "Reception, Manchester" });
  await expect(job.getByTestId("job-status")).toHaveText("On its way");

  // On the road: the consent, and nothing sent before the driver says so.
  const sharing = job.getByRole("region", { name: "Share your position on the road" });
  await expect(sharing).toContainText("the dispatchers of Northgate Motors");
  await expect(sharing).toContainText("by itself at delivery");
  await expect(job.getByTestId("position-sharing-status")).toHaveText("Not shared until you say so.");
  await expectAccessible(job);
  await expectNoSidewaysScroll(job);
  await job.screenshot({ path: `${IMAGES}/job-position-consent-phone.png`, fullPage: true });
  expect(await positionsOf(requestId)).toEqual([]);

  await job.getByRole("button", { name: "Share my position" }).click();
  await expect(job.getByTestId("position-sharing-status")).toContainText(/^Sharing: last sent \d\d:\d\d\./, {
    timeout: 20_000,
  });
  await expect.poll(async () => (await positionsOf(requestId)).length, { timeout: 20_000 }).toBe(1);
  // Driving north: each 1.1 km sends a batch at once (every 500 m or 30 s).
  for (const step of [1, 2]) {
    await context.setGeolocation(north(step));
    await expect
      .poll(async () => (await positionsOf(requestId)).at(-1)?.latitude, { timeout: 20_000 })
      .toBeCloseTo(north(step).latitude, 6);
  }
  const stored = await positionsOf(requestId);
  expect(stored.every((row) => row.source === `driver:${driver.id}`)).toBe(true);
  const last = await withE2eDatabase(
    async (client) =>
      (
        await client.query<{ latitude: number }>(
          `SELECT latitude FROM "MovementLastPosition" WHERE "movementRequestId" = $1`,
          [requestId],
        )
      ).rows,
  );
  expect(last).toEqual([{ latitude: north(2).latitude }]);
  await expectAccessible(job);
  await job.screenshot({ path: `${IMAGES}/job-position-sharing-phone.png`, fullPage: true });

  // Paused: moving on sends nothing, and the answer outlives a reload.
  await job.getByRole("button", { name: "Pause sharing" }).click();
  await expect(job.getByTestId("position-sharing-status")).toHaveText(
    "Paused: nothing is shared until you resume.",
  );
  const paused = (await positionsOf(requestId)).length;
  await context.setGeolocation(north(4));
  await job.reload();
  await expect(job.getByTestId("position-sharing-status")).toHaveText(
    "Paused: nothing is shared until you resume.",
  );
  await job.waitForTimeout(6_000);
  expect(await positionsOf(requestId)).toHaveLength(paused);
  await job.getByRole("button", { name: "Resume sharing" }).click();
  await expect
    .poll(async () => (await positionsOf(requestId)).at(-1)?.latitude, { timeout: 20_000 })
    .toBeCloseTo(north(4).latitude, 6);

  // Delivered: the sharing ends with the leg.
  await job.getByRole("button", { name: "Vehicle delivered" }).click();
  await recordProofOnPhone(job, { person: "Reception, Leeds" });
  await expect(job.getByTestId("job-status")).toHaveText("Delivered");
  await expect(sharing).toHaveCount(0);
  const atDelivery = (await positionsOf(requestId)).length;
  await context.setGeolocation(north(6));
  await job.waitForTimeout(6_000);
  expect(await positionsOf(requestId)).toHaveLength(atDelivery);

  // The board's audit trail names the driver, never an id.
  await signIn(page, DEMO_STAFF.dispatcher);
  await openBoardPanel(page, vrm);
  const panel = page.getByRole("complementary");
  const audit = panel.getByRole("region", { name: "Audit trail" });
  await expect(audit).toContainText(`${driver.firstname} `);
  await expect(panel).not.toContainText(`driver:${driver.id}`);
  await expect(panel).not.toContainText(driver.id);
  await audit.scrollIntoViewIfNeeded();
  await audit.screenshot({ path: `${IMAGES}/board-audit-names.png` });

  // The customer's tracking page: delivered is done, nothing current; the proof card keeps its margins.
  const detail = (await (
    await request.get(`/v1/movement-requests/${requestId}`, { headers: integration() })
  ).json()) as { trackingUrl: string };
  const customer = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: "en-GB" });
  const tracking = await customer.newPage();
  await tracking.goto(new URL(detail.trackingUrl).pathname);
  await expect(tracking.getByTestId("customer-status")).toHaveText("Delivered");
  await expect(tracking.locator("[aria-current=step]")).toHaveCount(0);
  await expect(tracking.locator("li[data-state]")).toHaveCount(4);
  await expect(tracking.locator("li[data-state=done]")).toHaveCount(4);
  const card = await tracking.getByRole("region", { name: "Proof of delivery" }).boundingBox();
  expect(card!.x).toBeGreaterThanOrEqual(16);
  expect(card!.x + card!.width).toBeLessThanOrEqual(360 - 16);
  await expectAccessible(tracking);
  await expectNoSidewaysScroll(tracking);
  await tracking.setViewportSize({ width: 360, height: 780 });
  await tracking.screenshot({ path: `${IMAGES}/tracking-delivered-360.png`, fullPage: true });
  await customer.close();
  await context.close();
});

test("a job link opened once reopens offline, with the job's details", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { path } = await offeredJob(request, `PP${(Date.now() % 90) + 10} OFL`, 3);
  const context = await phone(browser);
  const job = await context.newPage();
  await job.goto(path);
  await expect(job.getByRole("heading", { level: 1, name: "Kia Niro" })).toBeVisible();
  // The first visit fills the worker's cache with the page and every script and stylesheet it loaded.
  await expect
    .poll(
      () =>
        job.evaluate(async (page) => {
          const cache = await caches.open("vms-jobs-v1");
          const keys = (await cache.keys()).map((request) => new URL(request.url).pathname);
          return keys.includes(page) && keys.some((key) => key.endsWith(".js"));
        }, path),
      { timeout: 20_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await job.reload();
  await expect(job.getByRole("heading", { level: 1, name: "Kia Niro" })).toBeVisible();
  await expect(job.getByText("Collect from")).toBeVisible();
  await expect(job.getByRole("button", { name: "Accept job" })).toBeVisible();
  // Opened again from the e-mail, in a new tab, still without a signal.
  const again = await context.newPage();
  await again.goto(path);
  await expect(again.getByRole("heading", { level: 1, name: "Kia Niro" })).toBeVisible();
  await expect(again.getByText("On Thu, 3 Jun 2027")).toBeVisible();
  await again.setViewportSize(PHONE);
  await again.screenshot({ path: `${IMAGES}/job-offline-reopen-phone.png`, fullPage: true });
  // The page works offline: accepting queues on the phone.
  await again.getByRole("button", { name: "Accept job" }).click();
  await expect(again.getByRole("status").first()).toContainText("No signal");
  await context.close();
});

test("a refused position: the proof form and the board's proof say the driver refused it", async ({
  browser,
  request,
  page,
}) => {
  test.setTimeout(90_000);
  const vrm = `PP${(Date.now() % 90) + 10} REF`;
  const { path } = await offeredJob(request, vrm, 0);
  const context = await phone(browser);
  // No permission granted: the browser answers the page's ask with a refusal, as a driver's "Don't allow".
  const job = await context.newPage();
  await job.goto(path);
  await job.getByRole("button", { name: "Accept job" }).click();
  await expect(job.getByTestId("job-status")).toHaveText("Accepted by a driver");
  await job.getByRole("button", { name: "Vehicle collected" }).click();
  await expect(job.getByTestId("proof-position")).toHaveText(
    "No position (the driver did not allow the position): the proof is recorded without it.",
  );
  await recordProofOnPhone(job, { person: "Reception" });
  await expect(job.getByTestId("job-status")).toHaveText("On its way");
  await context.close();

  await signIn(page, DEMO_STAFF.dispatcher);
  await openBoardPanel(page, vrm);
  await expect(page.getByRole("article", { name: "Leg 1 · Collection" })).toContainText(
    "None: the driver did not allow the position",
    { timeout: 20_000 },
  );
});
