// Customer notifications' pages (issue #35 §4): an admin sets the organisation's message settings (the
// sender, the language, which messages, quiet hours), and a customer opts out from the link in a
// message (the GET asks, the button stops them). Phones to TVs: no sideways scrolling, no serious axe
// violation; screenshots in e2e/screenshots/.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "../support/accessibility";
import { expectNoSidewaysScroll, integration, phone } from "../support/carrier-phone";
import { withE2eDatabase } from "../support/e2e-database";
import { DEMO_STAFF, signIn } from "../support/sign-in";

const SHOTS = "e2e/screenshots";

test.use({ locale: "en-GB", timezoneId: "Europe/London" });

test("an admin sets the sender, language, messages and quiet hours", async ({ page }) => {
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/settings/messages" });
  await expect(page.getByRole("heading", { name: "Message settings" })).toBeVisible();
  await page.getByLabel("Sender's name").fill("Northgate Motors");
  await page.getByLabel("Replies go to").fill("service@northgate.test");
  await page.getByLabel("Language of dates and times").selectOption("fr-FR");
  await page.getByLabel("Arriving in about 15 minutes").uncheck();
  await page.getByLabel("From").fill("21:00");
  await page.getByLabel("Until").fill("08:00");
  await page.getByRole("button", { name: "Save message settings" }).click();
  await expect(page.getByText("Saved: messages written from now on follow these settings.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Sender's name")).toHaveValue("Northgate Motors");
  await expect(page.getByLabel("Language of dates and times")).toHaveValue("fr-FR");
  await expect(page.getByLabel("Arriving in about 15 minutes")).not.toBeChecked();
  await expect(
    page.getByLabel("On its way (at collection, with the arrival window and the tracking link)"),
  ).toBeChecked();
  await expect(page.getByLabel("Until")).toHaveValue("08:00");
  const stored = await withE2eDatabase(
    async (client) =>
      (
        await client.query<{ mailFromName: string; locale: string; customerMessageKinds: string }>(
          `SELECT "mailFromName", locale, "customerMessageKinds"::text FROM "Organisation" WHERE name = 'Northgate Motors'`,
        )
      ).rows[0],
  );
  expect(stored).toEqual({
    mailFromName: "Northgate Motors",
    locale: "fr-FR",
    customerMessageKinds: "{ON_ITS_WAY,RUNNING_LATE,DELIVERED}",
  });

  // Half a quiet window is refused, with the reason, and nothing changes.
  await page.getByLabel("Until").fill("");
  await page.getByRole("button", { name: "Save message settings" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Give both ends of the quiet hours, or neither." }),
  ).toBeVisible();

  await expectAccessible(page);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/message-settings-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${SHOTS}/message-settings-tv.png` });

  // Back to the defaults, for the other specs on this database.
  await page.reload();
  await page.getByLabel("Sender's name").fill("");
  await page.getByLabel("Replies go to").fill("");
  await page.getByLabel("Language of dates and times").selectOption("en-GB");
  await page.getByLabel("Arriving in about 15 minutes").check();
  await page.getByLabel("From").fill("");
  await page.getByLabel("Until").fill("");
  await page.getByRole("button", { name: "Save message settings" }).click();
  await expect(page.getByText("Saved: messages written from now on follow these settings.")).toBeVisible();
});

test("a customer opens the opt-out link: the page asks, the button stops the messages", async ({
  browser,
  request,
}) => {
  const sites = (
    (await (await request.get("/v1/infrastructure/sites", { headers: integration() })).json()) as {
      data: { id: string; countryCode: string }[];
    }
  ).data.filter((site) => site.countryCode === "GB");
  const email = `optout-${Date.now()}@buyers.test`;
  const created = await request.post("/v1/movement-requests/create-in-planning-pool", {
    headers: integration(),
    data: {
      vehicle: { vrm: "OP70 OUT", make: "Skoda", model: "Octavia" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-06-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
      customer: { name: "Olive Port", email, phone: "+447700900777" },
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const token = await withE2eDatabase(
    async (client) =>
      (
        await client.query<{ optOutToken: string }>(
          `SELECT "optOutToken" FROM "MovementCustomer" WHERE "movementRequestId" = $1`,
          [id],
        )
      ).rows[0]!.optOutToken,
  );

  const context = await phone(browser);
  const customer = await context.newPage();
  await customer.goto(`/opt-out/${token}`);
  await expect(customer.getByRole("heading", { name: "Messages from Northgate Motors" })).toBeVisible();
  await expect(customer.getByText("o•••@buyers.test")).toBeVisible();
  await expect(customer.getByText(email)).toHaveCount(0);
  await expectAccessible(customer);
  await expectNoSidewaysScroll(customer);
  await customer.screenshot({ path: `${SHOTS}/opt-out-phone.png` });
  const optedOut = () =>
    withE2eDatabase(async (client) =>
      (
        await client.query<{ address: string }>(
          `SELECT address FROM "CustomerOptOut" WHERE address IN ($1, '+447700900777') ORDER BY address`,
          [email],
        )
      ).rows.map((row) => row.address),
    );
  expect(await optedOut()).toEqual([]);

  await customer.getByRole("button", { name: "Stop messages" }).click();
  await expect(customer.getByRole("status")).toContainText("Done: Northgate Motors sends no more messages");
  await expect(customer).toHaveURL(new RegExp(`/opt-out/${token}$`));
  expect(await optedOut()).toEqual(["+447700900777", email]);
  await expectAccessible(customer);
  await customer.screenshot({ path: `${SHOTS}/opt-out-done-phone.png` });
  await customer.setViewportSize({ width: 1920, height: 1080 });
  await customer.screenshot({ path: `${SHOTS}/opt-out-done-tv.png` });
  await context.close();
});
