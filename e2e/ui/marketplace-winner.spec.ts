// The marketplace winner does the job (issue 16 §4), on a phone (390×844): the demo carrier bids on a
// posted request, the dispatcher accepts, and the carrier — signed in, no job link — finds it under
// "Your jobs", opens it, records the collection with photos, a damaged panel and a signature, then
// the delivery with its proof. The board's detail panel shows both proofs. No sideways scrolling, no
// serious axe violation on the job page and the proof form. And a carrier withdraws its open bid.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { openBoardPanel } from "../support/board-panel";
import {
  DEMO_CARRIER,
  dispatcherDecidesMarketplace,
  expectNoSidewaysScroll,
  IMAGES,
  marketplaceRequest,
  phone,
} from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { recordProofOnPhone } from "../support/proof-form";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.use({ locale: "en-GB", timezoneId: "Europe/London" });

test("a carrier wins a bid and records collection and delivery with proof; the board shows it", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await dispatcherDecidesMarketplace();
  const vrm = `MW${(Date.now() % 90) + 10} WIN`;
  const requestId = await marketplaceRequest(request, vrm);

  await signIn(page, DEMO_STAFF.dispatcher);
  await openBoardPanel(page, vrm);
  await page.getByRole("button", { name: "Post to marketplace" }).click();
  await expect(page.getByText("Posted to the marketplace.")).toBeVisible();

  const context = await phone(browser);
  const carrier = await context.newPage();
  await signIn(carrier, DEMO_CARRIER);
  await expect(carrier).toHaveURL(/\/carrier\/jobs$/);
  const open = carrier
    .getByRole("region", { name: /Open jobs/ })
    .getByRole("article", { name: new RegExp(vrm) });
  await open.getByRole("button", { name: "Bid a price" }).click();
  await open.getByLabel("Your price (£)").fill("132.00");
  await open.getByRole("button", { name: "Send bid" }).click();
  await expect(open.getByText("Sent. The dispatcher will decide.")).toBeVisible();

  await page.reload();
  const bid = page.getByTestId("marketplace-bid").filter({ hasText: "Moorland Vehicle Transfers" });
  await bid.getByRole("button", { name: /Accept the bid of Moorland Vehicle Transfers/ }).click();
  await expect(page.getByText("Accepted: Moorland Vehicle Transfers at £132.00.")).toBeVisible();

  // Won: under "Your jobs", and it opens the job page (no link, the session is the credential).
  await carrier.reload();
  const won = carrier
    .getByRole("region", { name: /Your jobs/ })
    .getByRole("article", { name: new RegExp(vrm) });
  await expect(won.getByTestId("carrier-job-status")).toHaveText("Accepted on the marketplace");
  await expectAccessible(carrier);
  await expectNoSidewaysScroll(carrier);
  await won.getByRole("link", { name: "Open the job" }).click();
  await expect(carrier).toHaveURL(new RegExp(`/carrier/jobs/${requestId}$`));
  await expect(carrier.getByTestId("job-status")).toHaveText("Accepted on the marketplace");
  await expect(carrier.getByRole("button", { name: "Vehicle collected" })).toBeVisible();
  await expectAccessible(carrier);
  await expectNoSidewaysScroll(carrier);
  await carrier.screenshot({ path: `${IMAGES}/marketplace-winner-job-phone.png`, fullPage: true });

  await carrier.getByRole("button", { name: "Vehicle collected" }).click();
  await expect(carrier.getByRole("heading", { name: "Proof of collection" })).toBeVisible();
  await recordProofOnPhone(carrier, {
    person: "Dana Whitfield",
    damage: { panel: "Front left door", note: "Scratch, 10 cm, above the handle" },
    submit: false,
  });
  await expectAccessible(carrier);
  await expectNoSidewaysScroll(carrier);
  await carrier.screenshot({ path: `${IMAGES}/marketplace-winner-proof-phone.png`, fullPage: true });
  await carrier.getByRole("button", { name: "Record collection" }).click();
  await expect(carrier.getByTestId("job-status")).toHaveText("On its way", { timeout: 20_000 });

  await carrier.getByRole("button", { name: "Vehicle delivered" }).click();
  await expect(carrier.getByRole("heading", { name: "Proof of delivery" })).toBeVisible();
  await recordProofOnPhone(carrier, { person: "Priya Shah", odometer: "48251" });
  await expect(carrier.getByTestId("job-status")).toHaveText("Delivered", { timeout: 20_000 });
  await expectAccessible(carrier);
  await expectNoSidewaysScroll(carrier);
  await carrier.screenshot({ path: `${IMAGES}/marketplace-winner-delivered-phone.png` });
  await context.close();

  const recorded = await withE2eDatabase(
    async (client) =>
      (
        await client.query<{ kind: string; recordedBy: string }>(
          `SELECT kind, "recordedBy" FROM "Proof" WHERE "movementRequestId" = $1 ORDER BY kind`,
          [requestId],
        )
      ).rows,
  );
  expect(recorded.map((proof) => proof.kind)).toEqual(["COLLECTION", "DELIVERY"]);
  expect(recorded.every((proof) => proof.recordedBy.startsWith("carrier:"))).toBe(true);

  // The board names the winner as the request's carrier, and its detail panel shows both proofs.
  await page.goto(`/board?q=${encodeURIComponent(vrm)}`);
  const row = page.getByRole("row", { name: new RegExp(vrm) });
  await expect(row).toContainText("Moorland Vehicle Transfers");
  await expect(row).toContainText("Marketplace carrier");
  await openBoardPanel(page, vrm, { navigate: false });
  const collection = page.getByRole("article", { name: "Leg 1 · Collection" });
  await expect(collection).toBeVisible({ timeout: 20_000 });
  await expect(collection).toContainText("Dana Whitfield");
  await expect(collection.getByRole("img", { name: "Signature of Dana Whitfield" })).toBeVisible();
  const delivery = page.getByRole("article", { name: "Leg 1 · Delivery" });
  await expect(delivery).toContainText("Priya Shah");
  await expectAccessible(page);
  await collection.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${IMAGES}/marketplace-winner-panel.png` });
});

test("a carrier withdraws its bid before one is accepted; the dispatcher's panel no longer lists it", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await dispatcherDecidesMarketplace();
  const vrm = `MW${(Date.now() % 90) + 10} WDR`;
  const requestId = await marketplaceRequest(request, vrm);
  await signIn(page, DEMO_STAFF.dispatcher);
  await openBoardPanel(page, vrm);
  await page.getByRole("button", { name: "Post to marketplace" }).click();
  await expect(page.getByText("Posted to the marketplace.")).toBeVisible();

  const context = await phone(browser);
  const carrier = await context.newPage();
  await signIn(carrier, DEMO_CARRIER);
  const open = carrier
    .getByRole("region", { name: /Open jobs/ })
    .getByRole("article", { name: new RegExp(vrm) });
  await open.getByRole("button", { name: "Bid a price" }).click();
  await open.getByLabel("Your price (£)").fill("140.00");
  await open.getByRole("button", { name: "Send bid" }).click();
  await expect(open.getByTestId("my-offer")).toContainText("Bid £140.00");
  await open.getByRole("button", { name: "Withdraw my bid" }).click();
  await expect(open.getByText("Withdrawn: you no longer offer to do this job.")).toBeVisible();
  await expect(open.getByTestId("my-offer")).toHaveCount(0);
  await expectAccessible(carrier);
  await expectNoSidewaysScroll(carrier);
  await context.close();

  const bids = await withE2eDatabase(
    async (client) =>
      (
        await client.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM "MarketplaceBid" WHERE "movementRequestId" = $1`,
          [requestId],
        )
      ).rows[0]!.count,
  );
  expect(bids).toBe(0);
  await page.reload();
  await expect(page.getByText("On the marketplace: no claim or bid yet.")).toBeVisible();
});
