// A carrier's job link on a phone (390×844): the driver opens the link from the e-mail in the
// development mailbox, accepts, records the collection and the delivery; the board shows the new
// status. No sideways scrolling from 360 px, no serious axe violation. An offer to several drivers:
// both accept at once, exactly one wins, the other sees it taken. An unknown link is a 404 page.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { openBoardPanel } from "../support/board-panel";
import {
  driversOfA,
  expectNoSidewaysScroll,
  IMAGES,
  integration,
  mailedLink,
  operations,
  phone,
  poolRequest,
} from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { recordProofOnPhone } from "../support/proof-form";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.use({ locale: "en-GB", timezoneId: "Europe/London" });

test("a driver opens the link from the mailbox, accepts, collects and delivers; the board follows", async ({
  browser,
  request,
  page,
}) => {
  test.setTimeout(120_000);
  const vrm = `JL${(Date.now() % 90) + 10} DRV`;
  const requestId = await poolRequest(request, vrm);
  const [driver] = await driversOfA(request);
  const since = new Date();
  const offered = await request.post(`/v1/operations/movement-requests/${requestId}/assign`, {
    headers: operations(),
    data: { offerToDriverId: driver!.id },
  });
  expect(offered.status()).toBe(200);

  // The dispatcher's mailbox shows the e-mail the driver got (development: no SMTP).
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/mailbox" });
  const path = await mailedLink(driver!.email, since);
  const message = page.getByRole("link", { name: new RegExp(`To ${driver!.email}`) }).first();
  await page.reload();
  await message.click();
  await expect(page.getByRole("article")).toContainText(path);

  const context = await phone(browser);
  const job = await context.newPage();
  const response = await job.goto(path);
  expect(response!.status()).toBe(200);
  expect(response!.headers()["cache-control"]).toContain("no-store");
  await expect(job.getByRole("heading", { level: 1, name: "Volkswagen Golf" })).toBeVisible();
  await expect(job.getByText("Collect from")).toBeVisible();
  await expect(job.getByText(/By .*, 16:00/)).toBeVisible();
  await expect(job.getByText("Keys at reception")).toBeVisible();
  await expectAccessible(job);
  await expectNoSidewaysScroll(job);
  await job.screenshot({ path: `${IMAGES}/job-offer-phone.png` });

  await job.getByRole("button", { name: "Accept job" }).click();
  await expect(job.getByTestId("job-status")).toHaveText("Accepted by a driver");
  await expect(job.getByRole("button", { name: "Vehicle collected" })).toBeVisible();
  await expectAccessible(job);
  await job.screenshot({ path: `${IMAGES}/job-accepted-phone.png` });

  await job.getByRole("button", { name: "Vehicle collected" }).click();
  await recordProofOnPhone(job, { person: "Reception, Manchester" });
  await expect(job.getByTestId("job-status")).toHaveText("On its way");
  await job.getByRole("button", { name: "Vehicle delivered" }).click();
  await recordProofOnPhone(job, { person: "Reception, Leeds" });
  await expect(job.getByTestId("job-status")).toHaveText("Delivered");
  await expect(job.getByRole("button", { name: /Vehicle|Accept|Abort/ })).toHaveCount(0);
  await expectAccessible(job);
  await expectNoSidewaysScroll(job);
  await job.screenshot({ path: `${IMAGES}/job-delivered-phone.png` });

  // The board shows the new status, and the link in the detail panel.
  await page.goto(`/board?q=${encodeURIComponent(vrm)}`);
  await expect(page.getByRole("row", { name: new RegExp(vrm) })).toContainText("Delivered");
  // The panel's job links load after it opens, a second server action, slow under the whole suite's load.
  await openBoardPanel(page, vrm, { navigate: false });
  await expect(page.getByTestId("job-link-state").first()).toHaveText("Works", { timeout: 20_000 });
  await page.screenshot({ path: `${IMAGES}/job-links-panel.png` });
  await page.getByRole("button", { name: `New link for ${driver!.firstname}`, exact: false }).click();
  await expect(page.getByRole("img", { name: /QR code of the job link/ })).toBeVisible();
  await expect(page.getByTestId("new-job-link")).toContainText("/jobs/");
  await expect(page.getByTestId("job-link-state").first()).toHaveText("Works");
  await expect(page.getByTestId("job-link-state").nth(1)).toHaveText("Revoked");
  await expectAccessible(page);
  await page.screenshot({ path: `${IMAGES}/job-link-qr.png` });
  // The e-mailed link was replaced: it is a 404 now.
  expect((await job.goto(path))!.status()).toBe(404);
  await context.close();
});

test("offline: the collection queues on the phone with its key and syncs once", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const requestId = await poolRequest(request, `JL${(Date.now() % 90) + 10} OFF`);
  const [, , , driver] = await driversOfA(request);
  const since = new Date();
  const offered = await request.post(`/v1/operations/movement-requests/${requestId}/assign`, {
    headers: operations(),
    data: { offerToDriverId: driver!.id },
  });
  expect(offered.status()).toBe(200);
  const context = await phone(browser);
  const job = await context.newPage();
  await job.goto(await mailedLink(driver!.email, since));
  await job.getByRole("button", { name: "Accept job" }).click();
  await expect(job.getByTestId("job-status")).toHaveText("Accepted by a driver");

  await context.setOffline(true);
  await job.getByRole("button", { name: "Vehicle collected" }).click();
  await recordProofOnPhone(job, { person: "Reception" });
  await expect(job.getByText("Waiting for a signal to send: proof of collection, collected.")).toBeVisible();
  await expect(job.getByRole("status")).toContainText("No signal");
  await expectAccessible(job);
  await job.screenshot({ path: `${IMAGES}/job-offline-phone.png` });
  // Nothing reached the server.
  const statusNow = async () =>
    (
      (await (
        await request.get(`/v1/movement-requests/${requestId}`, { headers: integration() })
      ).json()) as {
        status: string;
      }
    ).status;
  expect(await statusNow()).toBe("ACCEPTED_SENT_TO_DRIVER");

  await context.setOffline(false);
  await expect(job.getByTestId("job-status")).toHaveText("On its way", { timeout: 15_000 });
  await expect(job.getByText(/Waiting for a signal/)).toHaveCount(0);
  expect(await statusNow()).toBe("IN_PROGRESS");
  // One collection, once: one collected event for the leg, however often the queue was sent.
  const collectedEvents = await withE2eDatabase(
    async (client) =>
      (
        await client.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM "Event" e JOIN "Movement" m ON m.id = e."resourceId"
           WHERE m."movementRequestId" = $1 AND e.type = 'movement.collected'`,
          [requestId],
        )
      ).rows[0]!.count,
  );
  expect(collectedEvents).toBe(1);
  await context.close();
});

test("an offer to several drivers: two accept at once, exactly one wins", async ({ browser, request }) => {
  test.setTimeout(90_000);
  const requestId = await poolRequest(request, `JL${(Date.now() % 90) + 10} TWO`);
  const drivers = (await driversOfA(request)).slice(1, 3);
  const since = new Date();
  const offered = await request.post(`/v1/operations/movement-requests/${requestId}/assign`, {
    headers: operations(),
    data: { driverIds: drivers.map((driver) => driver.id) },
  });
  expect(offered.status()).toBe(200);
  const links = [await mailedLink(drivers[0]!.email, since), await mailedLink(drivers[1]!.email, since)];
  const contexts = [await phone(browser), await phone(browser)];
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  await Promise.all(pages.map((job, index) => job.goto(links[index]!)));
  await Promise.all(
    pages.map((job) => expect(job.getByRole("button", { name: "Accept job" })).toBeVisible()),
  );
  await Promise.all(pages.map((job) => job.getByRole("button", { name: "Accept job" }).click()));
  const outcomes = await Promise.all(
    pages.map(async (job) => {
      await expect(job.getByRole("status").first()).toHaveText(/Done|Not done/);
      return (await job.getByRole("status").first().textContent()) ?? "";
    }),
  );
  expect(outcomes.filter((text) => text.startsWith("Done"))).toHaveLength(1);
  const loser = pages[outcomes.findIndex((text) => text.startsWith("Not done"))]!;
  await expect(loser.getByText(/taken by another driver\. Nothing more/)).toBeVisible();
  await expect(loser.getByRole("button", { name: "Accept job" })).toHaveCount(0);
  await expectAccessible(loser);
  await loser.screenshot({ path: `${IMAGES}/job-taken-phone.png` });
  for (const context of contexts) await context.close();
});

test("an unknown or malformed link is a 404 page in the job page's style", async ({ browser }) => {
  const context = await phone(browser);
  const job = await context.newPage();
  for (const token of ["A".repeat(43), "not-a-token", "%C3%A9".repeat(43)]) {
    const response = await job.goto(`/jobs/${token}`);
    expect(response!.status(), token).toBe(404);
    await expect(job.getByRole("heading", { name: "This job link is not valid" })).toBeVisible();
  }
  for (const url of ["/jobs/AAAA/view", "/jobs/AAAA/manifest.webmanifest"]) {
    const response = await context.request.get(url);
    expect(response.status(), url).toBe(404);
    expect(response.headers()["content-type"], url).toContain("problem+json");
  }
  const action = await context.request.post("/jobs/AAAA/actions", {
    data: { action: "accept", idempotencyKey: "unknown-link-probe" },
  });
  expect(action.status()).toBe(404);
  // Bytes that are no UTF-8 never reach the job routes: the front door's styled 400, never a 5xx.
  for (const url of ["/jobs/%FF%FE", "/jobs/%C0%AF/view", "/jobs/%FF/actions"]) {
    const response = await context.request.get(url);
    expect(response.status(), url).toBe(400);
  }
  await expectAccessible(job);
  await context.close();
});
