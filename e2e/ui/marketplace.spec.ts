// The marketplace (issue 16 §4): a dispatcher posts a request from the board's detail panel, the demo
// carrier (carrier@demo.test) sees it on its jobs page on a phone (390×844, no sideways scrolling, no
// serious axe violation) and bids; the dispatcher accepts the bid and the request is
// ACCEPTED_SENT_TO_MARKETPLACE, with the MARKETPLACE provider and the agreed price in the API; the
// carrier's open page shows it won without a reload, and it is e-mailed. The
// carrier's session opens no staff page and no /v1 endpoint.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { openBoardPanel } from "../support/board-panel";
import {
  DEMO_CARRIER as CARRIER,
  dispatcherDecidesMarketplace,
  expectNoSidewaysScroll,
  IMAGES,
  integration,
  marketplaceRequest,
  PHONE,
} from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.use({ locale: "en-GB", timezoneId: "Europe/London" });

test("a carrier bids on a posted request, the dispatcher accepts: ACCEPTED_SENT_TO_MARKETPLACE", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await dispatcherDecidesMarketplace();
  const vrm = `MK${(Date.now() % 90) + 10} BID`;
  const requestId = await marketplaceRequest(request, vrm);

  // The dispatcher posts it from the board's detail panel.
  await signIn(page, DEMO_STAFF.dispatcher);
  await openBoardPanel(page, vrm);
  await page.getByRole("button", { name: "Post to marketplace" }).click();
  await expect(page.getByText("Posted to the marketplace.")).toBeVisible();
  await expect(page.getByText("On the marketplace: no claim or bid yet.")).toBeVisible();

  // The carrier, on a phone, signs in on the same sign-in page and lands on its jobs page.
  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: "en-GB",
  });
  const phone = await context.newPage();
  await signIn(phone, CARRIER);
  await expect(phone).toHaveURL(/\/carrier\/jobs$/);
  const job = phone.getByRole("article", { name: new RegExp(vrm) });
  await expect(job).toBeVisible();
  await expect(job.getByRole("button", { name: /Claim at £/ })).toBeVisible();
  await expectAccessible(phone);
  await expectNoSidewaysScroll(phone);
  await phone.screenshot({ path: `${IMAGES}/marketplace-jobs-phone.png` });

  await job.getByRole("button", { name: "Bid a price" }).click();
  await job.getByLabel("Your price (£)").fill("149.50");
  await job.getByLabel("Stands for").selectOption("24");
  await expectAccessible(phone);
  await job.getByRole("button", { name: "Send bid" }).scrollIntoViewIfNeeded();
  await phone.screenshot({ path: `${IMAGES}/marketplace-bid-phone.png` });
  await job.getByRole("button", { name: "Send bid" }).click();
  await expect(job.getByText("Sent. The dispatcher will decide.")).toBeVisible();
  await expect(job.getByTestId("my-offer")).toContainText("Bid £149.50");

  // The dispatcher sees the bid in the panel and accepts it.
  await page.reload();
  const bid = page.getByTestId("marketplace-bid").filter({ hasText: "Moorland Vehicle Transfers" });
  await expect(bid).toContainText("£149.50");
  await expectAccessible(page);
  await page.screenshot({ path: `${IMAGES}/marketplace-bids-panel.png` });
  await bid.getByRole("button", { name: /Accept the bid of Moorland Vehicle Transfers/ }).click();
  await expect(page.getByText("Accepted: Moorland Vehicle Transfers at £149.50.")).toBeVisible();

  const body = (await (
    await request.get(`/v1/movement-requests/${requestId}`, { headers: integration() })
  ).json()) as { status: string; provider: unknown; cost: unknown };
  expect(body.status).toBe("ACCEPTED_SENT_TO_MARKETPLACE");
  expect(body.provider).toMatchObject({
    type: "MARKETPLACE",
    name: "Moorland Vehicle Transfers",
    agreedPrice: { centAmount: 14950, currencyCode: "GBP" },
  });
  expect(body.cost).toEqual({ centAmount: 14950, currencyCode: "GBP" });

  // The carrier's page, left open, lists it as won without a reload (its live stream), and the
  // carrier is e-mailed.
  await expect(phone.getByTestId("live-state")).toHaveAttribute("data-state", "live");
  const won = phone
    .getByRole("region", { name: /Your jobs/ })
    .getByRole("article", { name: new RegExp(vrm) });
  await expect(won.getByTestId("carrier-job-status")).toHaveText("Accepted on the marketplace", {
    timeout: 10_000,
  });
  await expect
    .poll(
      () =>
        withE2eDatabase(async (client) =>
          (
            await client.query<{ subject: string }>(
              `SELECT subject FROM "EmailMessage" WHERE "to" = $1 AND kind = 'marketplace_won' AND text LIKE $2`,
              [CARRIER, `%/carrier/jobs/${requestId}%`],
            )
          ).rows.map((row) => row.subject),
        ),
      { timeout: 10_000 },
    )
    .toEqual([expect.stringMatching(/^Your bid won: /)]);
  await expectAccessible(phone);
  await expectNoSidewaysScroll(phone);
  await won.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: `${IMAGES}/marketplace-won-phone.png` });

  // The carrier's session opens no staff page, and /v1 takes API keys only.
  expect((await phone.goto("/board"))!.status()).toBe(403);
  expect((await phone.request.get(`/v1/movement-requests/${requestId}`)).status()).toBe(401);
  expect((await phone.request.get("/api/system")).status()).toBe(403);
  await context.close();
});

test("an admin invites a carrier; the carrier sets a password from the e-mail and signs in", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const email = `invited-${Date.now()}@carriers.test`;
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/marketplace" });
  await page.getByLabel("Name", { exact: true }).fill("Dales Car Movers");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Kind").selectOption("INDEPENDENT_DRIVER");
  await page.getByLabel("Postcode areas served").fill("m, ls");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByTestId("carrier-list")).toContainText("Dales Car Movers");
  await expectAccessible(page);
  await page.screenshot({ path: `${IMAGES}/marketplace-admin.png` });

  // The worker sends it; in development it lands in the mailbox.
  let path = "";
  await expect
    .poll(
      async () => {
        const rows = await withE2eDatabase(
          async (client) =>
            (
              await client.query<{ text: string }>(
                `SELECT text FROM "EmailMessage" WHERE "to" = $1 AND kind = 'carrier_invite' AND status = 'SENT'`,
                [email],
              )
            ).rows,
        );
        path = /\/carrier\/join\/[A-Za-z0-9_-]{43}/.exec(rows[0]?.text ?? "")?.[0] ?? "";
        return path;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");

  const context = await browser.newContext({
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: "en-GB",
  });
  const phone = await context.newPage();
  await phone.goto(path);
  await expect(phone.getByRole("heading", { level: 1 })).toContainText("marketplace");
  await expectAccessible(phone);
  await expectNoSidewaysScroll(phone);
  await phone.getByLabel("New password").fill("a long carrier password");
  await phone.getByRole("button", { name: "Set password" }).click();
  await expect(phone.getByText("Your password is set")).toBeVisible();
  // The link worked once.
  expect((await phone.goto(path))!.status()).toBe(404);
  await signIn(phone, email, { password: "a long carrier password" });
  await expect(phone).toHaveURL(/\/carrier\/jobs$/);
  await expect(phone.getByRole("heading", { level: 1, name: "Marketplace jobs" })).toBeVisible();
  await context.close();
});
