// A drive, end to end (issue #35, "Done means"): a product of its own, whose mail goes to a real SMTP
// server, whose SMS to a real receiver speaking Twilio's API, and whose maps read the organisation's
// own tiles (MAP_TILES_URL) from a tile server, all three started here. A request with a
// customer is offered to a driver, whose job link comes by e-mail; on a phone the driver accepts,
// collects and shares the position while `setGeolocation` moves along the road to Leeds. Meanwhile the
// dispatcher's board map shows the vehicle move within 5 s, the tracking page's estimated arrival
// changes, and the customer gets "on its way" and "arriving" by e-mail and by SMS.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, request as apiRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { databaseUrlFor, TEST_SERVER_URL } from "@/test/test-database-url";
import { mimePartsOf, startSmtpSink } from "@/test/smtp-sink";
import { startSmsReceiver } from "@/test/sms-receiver";
import { expectAccessible } from "../support/accessibility";
import { integration, operations, PHONE } from "../support/carrier-phone";
import { E2E_PORT } from "../support/e2e-environment";
import { recordProofOnPhone } from "../support/proof-form";
import { DEMO_STAFF, signIn } from "../support/sign-in";
import { spawnProduct, type RunningProduct } from "../support/spawn-product";

test.describe.configure({ mode: "serial" });
test.use({ locale: "en-GB", timezoneId: "Europe/London" });

const PORT = E2E_PORT + 7;
const DATABASE = `${process.env.E2E_DATABASE_NAME ?? "vms_e2e"}_drive`;
const SHOTS = "e2e/screenshots";
const CUSTOMER = { name: "Sam Buyer", email: "sam.buyer@customer.test", phone: "+447700900123" };
const TWILIO = { sid: "AC00000000000000000000000000drive", token: "drive-auth-token", from: "+447700900001" };
/** Along the M62 from Manchester towards Leeds (53.80, −1.55): the last stop is some 4 km out. */
const ROUTE = [
  { latitude: 53.481, longitude: -2.243 },
  { latitude: 53.56, longitude: -2.1 },
  { latitude: 53.65, longitude: -1.9 },
  { latitude: 53.77, longitude: -1.6 },
];

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let sms: Awaited<ReturnType<typeof startSmsReceiver>>;
let product: RunningProduct;
let api: APIRequestContext;
let tiles: { server: Server; url: string; requested: string[] };

/** A grey 1×1 PNG: every tile the map asks for. */
const TILE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGO4AAAA0gDR29kOtwAAAABJRU5ErkJggg==",
  "base64",
);

/** The organisation's own raster tiles, as MAP_TILES_URL names them: {z}/{x}/{y}.png on its host. */
async function startTileServer() {
  const requested: string[] = [];
  const server = createServer((request, response) => {
    requested.push(request.url ?? "");
    response.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" });
    response.end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, requested };
}

test.beforeAll(async () => {
  test.setTimeout(400_000); // the product may build the app
  smtp = await startSmtpSink();
  sms = await startSmsReceiver();
  tiles = await startTileServer();
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${DATABASE}"`);
  await admin.end();
  const own = `http://127.0.0.1:${PORT}`;
  product = await spawnProduct({
    port: PORT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrlFor(DATABASE),
      APP_URL: own,
      AUTH_URL: own,
      PUBLIC_BASE_URL: own,
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "ZTJlLXRlc3QtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
      AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-test-session-secret-of-at-least-32-characters",
      TRUSTED_PROXIES: "127.0.0.1,::1",
      RATE_LIMIT_REQUESTS: "10000",
      SMTP_URL: smtp.url,
      SMS_TWILIO_ACCOUNT_SID: TWILIO.sid,
      SMS_TWILIO_AUTH_TOKEN: TWILIO.token,
      SMS_TWILIO_FROM: TWILIO.from,
      SMS_TWILIO_BASE_URL: sms.url,
      MAP_TILES_URL: `${tiles.url}/tiles/{z}/{x}/{y}.png`,
      LOG_LEVEL: "warn",
    },
  });
  api = await apiRequest.newContext({ baseURL: product.baseUrl });
});

test.afterAll(async () => {
  await api?.dispose();
  await product?.stop();
  await sms?.close();
  await smtp?.close();
  await new Promise((resolve) => tiles?.server.close(resolve));
});

/** The decoded text of the newest e-mail to `to` whose text matches `pattern`, once it arrives. */
async function mailTo(to: string, pattern: RegExp): Promise<string> {
  let text = "";
  await expect
    .poll(
      () => {
        const texts = smtp.received
          .filter((mail) => mail.to.includes(to))
          .map((mail) =>
            mimePartsOf(mail.raw)
              .map((part) => part.body)
              .join("\n"),
          );
        text = texts.reverse().find((candidate) => pattern.test(candidate)) ?? "";
        return text;
      },
      { timeout: 45_000, intervals: [500] },
    )
    .not.toBe("");
  return text;
}

/** The SMS to the customer whose body matches `pattern`, once the receiver has it. */
async function smsMatching(pattern: RegExp) {
  await expect
    .poll(() => sms.requests.filter((sent) => pattern.test(sent.form.Body ?? "")).length, {
      timeout: 45_000,
      intervals: [500],
    })
    .toBeGreaterThan(0);
  return sms.requests.find((sent) => pattern.test(sent.form.Body ?? ""))!;
}

/** Where Leaflet put the vehicle's marker on the screen. */
const markerPlace = (page: Page, id: string) =>
  page.locator(`[data-request-id="${id}"]`).evaluate((marker) => (marker as HTMLElement).style.transform);

test("a drive: the board map follows the vehicle, the tracking page's estimate moves, the customer is told", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const sites = (
    (await (await api.get("/v1/infrastructure/sites", { headers: integration() })).json()) as {
      data: { id: string; code: string }[];
    }
  ).data;
  const site = (code: string) => sites.find((candidate) => candidate.code === code)!.id;
  const created = await api.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integration(),
    data: {
      vehicle: { vrm: "DR26 IVE", make: "Skoda", model: "Octavia" },
      origin: { location: { type: "INTERNAL", siteId: site("MAN1") } },
      destination: { location: { type: "INTERNAL", siteId: site("LDS1") }, deliveryByDate: "2027-06-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
      customer: CUSTOMER,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, trackingUrl } = (await created.json()) as { id: string; trackingUrl: string };
  const driver = await demoDriverWithEmail();
  const offered = await api.post(`/v1/operations/movement-requests/${id}/assign`, {
    headers: operations(),
    data: { offerToDriverId: driver.id },
  });
  expect(offered.status(), await offered.text()).toBe(200);

  // The driver's job link comes by e-mail through the real SMTP server.
  const invitation = await mailTo(driver.email, /\/jobs\/[A-Za-z0-9_-]{43}/);
  const jobPath = /\/jobs\/[A-Za-z0-9_-]{43}/.exec(invitation)![0];

  // The dispatcher watches the board's map.
  const desk = await browser.newContext({
    baseURL: product.baseUrl,
    viewport: { width: 1920, height: 1080 },
  });
  const board = await desk.newPage();
  await signIn(board, DEMO_STAFF.dispatcher);

  // The driver, on a phone: accept, collect (with the proof), share the position.
  const phoneContext = await browser.newContext({
    baseURL: product.baseUrl,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: "en-GB",
  });
  await phoneContext.grantPermissions(["geolocation"]);
  await phoneContext.setGeolocation(ROUTE[0]!);
  const job = await phoneContext.newPage();
  await job.goto(jobPath);
  await job.getByRole("button", { name: "Accept job" }).click();
  await job.getByRole("button", { name: "Vehicle collected" }).click();
  await recordProofOnPhone(job, { person: "Reception, Manchester" });
  await expect(job.getByTestId("job-status")).toHaveText("On its way");
  await job.getByRole("button", { name: "Share my position" }).click();

  // "On its way", to the customer's inbox and phone.
  const onItsWay = await mailTo(CUSTOMER.email, /On its way/);
  expect(onItsWay).toContain(new URL(trackingUrl).pathname);
  const onItsWaySms = await smsMatching(/On its way/);
  expect(onItsWaySms).toMatchObject({
    method: "POST",
    path: `/2010-04-01/Accounts/${TWILIO.sid}/Messages.json`,
    authorization: `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString("base64")}`,
    form: expect.objectContaining({ To: CUSTOMER.phone, From: TWILIO.from }),
  });

  // The board's map has the vehicle, over the organisation's own tiles (the CSP lets their host in,
  // and only it); each move along the road moves the vehicle within 5 s.
  const refused: string[] = [];
  board.on("console", (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) refused.push(message.text());
  });
  await board.goto("/board?view=map&q=DR26");
  await expect(board.locator(`[data-request-id="${id}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(board.locator("img.leaflet-tile-loaded").first()).toBeAttached({ timeout: 15_000 });
  expect(tiles.requested.some((path) => /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
  expect(refused).toEqual([]);
  await expectAccessible(board);
  await board.screenshot({ path: `${SHOTS}/drive-board-map-1920x1080.png` });

  // The customer's tracking page, with its estimate from the first position.
  const customer = await browser.newContext({ baseURL: product.baseUrl, viewport: PHONE, locale: "en-GB" });
  const tracking = await customer.newPage();
  await tracking.goto(new URL(trackingUrl).pathname);
  const arrival = tracking
    .locator("dd")
    .filter({ hasText: /\d\d:\d\d–\d\d:\d\d/ })
    .first();
  await expect(arrival).toBeVisible({ timeout: 30_000 });
  const firstEstimate = await arrival.textContent();

  for (const stop of ROUTE.slice(1)) {
    const before = await markerPlace(board, id);
    await phoneContext.setGeolocation(stop);
    await expect.poll(() => markerPlace(board, id), { timeout: 5_000, intervals: [250] }).not.toBe(before);
  }

  // Near Leeds the estimate is minutes away: the tracking page says so (it polls every 15 s)...
  await expect
    .poll(() => arrival.textContent(), { timeout: 45_000, intervals: [1_000] })
    .not.toBe(firstEstimate);
  await expectAccessible(tracking);
  expect(await tracking.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await tracking.screenshot({ path: `${SHOTS}/drive-tracking-390x844.png`, fullPage: true });

  // ...and the customer is told it is arriving, by e-mail and by SMS.
  await mailTo(CUSTOMER.email, /Arriving in about 15 minutes/);
  const arriving = await smsMatching(/Arriving in about 15 minutes/);
  expect(arriving.form.To).toBe(CUSTOMER.phone);
  // Nothing twice: one of each kind per channel.
  expect(sms.requests.filter((sent) => /Arriving/.test(sent.form.Body ?? ""))).toHaveLength(1);

  await Promise.all([desk.close(), phoneContext.close(), customer.close()]);
});

/** One of Northgate's active drivers with an e-mail address, from the product's own database. */
async function demoDriverWithEmail(): Promise<{ id: string; email: string }> {
  const client = new pg.Client({ connectionString: databaseUrlFor(DATABASE) });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; email: string }>(
      `SELECT d.id, d.email FROM "Driver" d JOIN "Organisation" o ON o.id = d."organisationId"
       WHERE o.name = 'Northgate Motors' AND d.email IS NOT NULL AND d.active ORDER BY d.id LIMIT 1`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}
