// Proof of collection on a phone (390×844), offline: the driver opens the job link, accepts, loses the
// signal, records the collection with photos (from the "camera", carrying a GPS position in their
// EXIF) and a signature drawn on the pad, and gets the signal back. The proof and then the collection
// reach the server once; the board's detail panel shows the proof; a real webhook receiver gets the
// collected webhook with the proof's signed links, and the photo behind them has no position left.
// No sideways scrolling, no serious axe violation on the proof form.
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { GPS_MARKER } from "@/test/image-fixtures";
import { startWebhookReceiver } from "@/test/webhook-receiver";
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

type ProofLinks = { photos: { slot: string; url: string }[]; signatureUrl: string; personName: string };
type Envelope = { eventType: string; movement: { movementRequestId: string }; proof?: ProofLinks };

test("offline proof of collection: photos and a signature, synced once; the board and the webhook show it", async ({
  browser,
  request,
  page,
}) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver(200);
  const endpoint = await request.post("/v1/webhooks/endpoints", {
    headers: integration(),
    data: { url: receiver.url, eventTypes: ["movement.collected"] },
  });
  expect(endpoint.status()).toBe(201);
  const { id: endpointId, secret } = (await endpoint.json()) as { id: string; secret: string };
  try {
    const vrm = `PR${(Date.now() % 90) + 10} OOF`;
    const requestId = await poolRequest(request, vrm);
    const drivers = await driversOfA(request);
    const driver = drivers.at(-1)!;
    const since = new Date();
    const offered = await request.post(`/v1/operations/movement-requests/${requestId}/assign`, {
      headers: operations(),
      data: { offerToDriverId: driver.id },
    });
    expect(offered.status()).toBe(200);
    const context = await phone(browser);
    const job = await context.newPage();
    await job.goto(await mailedLink(driver.email, since));
    await job.getByRole("button", { name: "Accept job" }).click();
    await expect(job.getByTestId("job-status")).toHaveText("Accepted by a driver");

    await context.setOffline(true);
    await job.getByRole("button", { name: "Vehicle collected" }).click();
    await expect(job.getByRole("heading", { name: "Proof of collection" })).toBeVisible();
    await expect(job.getByTestId("proof-position")).not.toHaveText("Finding the position…");
    await expectAccessible(job);
    await expectNoSidewaysScroll(job);
    await job.screenshot({ path: `${IMAGES}/proof-form-phone.png`, fullPage: true });

    await recordProofOnPhone(job, {
      person: "Dana Whitfield",
      damage: { panel: "Front left door", note: "Scratch, 10 cm, above the handle" },
      submit: false,
    });
    await expectAccessible(job);
    await expectNoSidewaysScroll(job);
    await job.screenshot({ path: `${IMAGES}/proof-signed-phone.png`, fullPage: true });
    await job.getByRole("button", { name: "Record collection" }).click();

    await expect(
      job.getByText("Waiting for a signal to send: proof of collection, collected."),
    ).toBeVisible();
    await expect(job.getByRole("status")).toContainText("No signal");
    await job.screenshot({ path: `${IMAGES}/proof-offline-phone.png` });
    const proofsNow = () =>
      withE2eDatabase(
        async (client) =>
          (
            await client.query<{ count: number }>(
              `SELECT count(*)::int AS count FROM "Proof" WHERE "movementRequestId" = $1`,
              [requestId],
            )
          ).rows[0]!.count,
      );
    expect(await proofsNow()).toBe(0);

    await context.setOffline(false);
    await expect(job.getByTestId("job-status")).toHaveText("On its way", { timeout: 20_000 });
    await expect(job.getByText(/Waiting for a signal/)).toHaveCount(0);
    expect(await proofsNow()).toBe(1);
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

    // The collected webhook carries the proof as signed links; the photo behind one has no position.
    let envelope: Envelope | undefined;
    await expect
      .poll(
        () => {
          for (const webhook of receiver.received) {
            const verified = new Webhook(secret).verify(webhook.body, {
              "webhook-id": webhook.headers["hook-id"] as string,
              "webhook-timestamp": webhook.headers["hook-timestamp"] as string,
              "webhook-signature": webhook.headers["hook-signature"] as string,
            }) as Envelope;
            if (verified.movement.movementRequestId === requestId) envelope = verified;
          }
          return envelope?.eventType;
        },
        { timeout: 30_000 },
      )
      .toBe("movement.collected");
    expect(envelope?.proof?.personName).toBe("Dana Whitfield");
    expect(envelope?.proof?.photos.map((photo) => photo.slot)).toEqual([
      "front_left",
      "front_right",
      "rear_left",
      "rear_right",
      "odometer",
      "damage",
    ]);
    const photo = await request.get(envelope!.proof!.photos[0]!.url);
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/jpeg");
    expect((await photo.body()).includes(Buffer.from(GPS_MARKER))).toBe(false);
    const tampered = await request.get(envelope!.proof!.signatureUrl.replace(/sig=.{4}/, "sig=AAAA"));
    expect(tampered.status()).toBe(403);

    // The board's detail panel shows the proof.
    await signIn(page, DEMO_STAFF.admin, { callbackUrl: `/board?q=${encodeURIComponent(vrm)}` });
    await openBoardPanel(page, vrm, { navigate: false });
    const card = page.getByRole("article", { name: "Leg 1 · Collection" });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card).toContainText("Dana Whitfield");
    await expect(card).toContainText("48,213");
    await expect(card).toContainText("Scratch, 10 cm");
    await expect(card.getByRole("img", { name: /Front left corner/ })).toBeVisible();
    await expect(card.getByRole("img", { name: "Signature of Dana Whitfield" })).toBeVisible();
    await expect
      .poll(() =>
        card
          .locator("img")
          .evaluateAll((images) =>
            images.every(
              (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      )
      .toBe(true);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${IMAGES}/proof-panel.png` });
  } finally {
    await request.delete(`/v1/webhooks/endpoints/${endpointId}`, { headers: integration() });
    await receiver.close();
  }
});
