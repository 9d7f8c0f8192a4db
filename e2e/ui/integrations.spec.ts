// The Integrations pages against the real build and the seeded demo data: an admin connects a webhook
// receiver running in this test (secret shown once, test event, disable / enable, rotation, redelivery),
// creates, uses and revokes an API key; a dispatcher never gets in; nothing of another organisation shows.
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { env } from "@/lib/env";
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from "@/test/webhook-receiver";
import { expectAccessible } from "../support/accessibility";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.describe.configure({ mode: "serial" });

let receiver: WebhookReceiver;
let endpointPath: string;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver(200, { path: "/e2e-integrations" });
});

test.afterAll(async () => {
  await receiver?.close();
});

function verify(secret: string, webhook: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(webhook.body, {
    "webhook-id": webhook.headers["hook-id"] as string,
    "webhook-timestamp": webhook.headers["hook-timestamp"] as string,
    "webhook-signature": webhook.headers["hook-signature"] as string,
  });
}

test("an admin adds a webhook endpoint and sees its secret once", async ({ page }) => {
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/integrations" });
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Integrations" }),
  ).toBeVisible();

  await page.getByRole("button", { name: "Add endpoint" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  await expect(dialog).toBeVisible();
  // The browser validates with the API's schema before anything is sent.
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText("Must not be empty")).toBeVisible();
  // The SSRF guard's refusal comes back as the field's error.
  await dialog.getByLabel("Endpoint URL").fill("http://169.254.169.254/latest");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await expect(dialog.getByText(/link-local|not allowed|https/i).first()).toBeVisible();

  await dialog.getByLabel("Endpoint URL").fill(receiver.url);
  await dialog.getByLabel(/Description/).fill("E2E receiver");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();

  const added = page.getByRole("dialog", { name: "Endpoint added" });
  await expect(added).toBeVisible();
  await expect(added.getByText("you will not see it again")).toBeVisible();
  const secret = await added.getByTestId("revealed-secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await expect(added.getByRole("button", { name: "Copy the signing secret" })).toBeVisible();
  // Escape does not lose the secret: only the button closes the dialog.
  await page.keyboard.press("Escape");
  await expect(added).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "e2e/screenshots/integrations-secret.png" });
  await added.getByRole("button", { name: "I have saved the secret" }).click();
  await expect(added).toBeHidden();

  const row = page.getByTestId("endpoint-row").filter({ hasText: receiver.url });
  await expect(row).toContainText("E2E receiver");
  await expect(row).toContainText("Enabled");
  // Never shown again.
  expect(await page.content()).not.toContain(secret);
  await row.getByRole("link", { name: receiver.url }).click();
  await expect(page.getByRole("heading", { level: 1, name: /E2E receiver/ })).toBeVisible();
  endpointPath = new URL(page.url()).pathname;
  expect(await page.content()).not.toContain(secret);

  // "Send a test event": the receiver gets it, signed with that secret, and the log shows the 200.
  await page.getByRole("button", { name: "Send test event" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test event sent" })).toBeVisible();
  const [webhook] = await receiver.waitFor(1, 20_000);
  expect(verify(secret, webhook!)).toMatchObject({
    eventType: "movement.collected",
    reference: "test-event",
    movement: { id: expect.stringMatching(/^test_/) },
  });
  const attempt = page.getByTestId("attempt-row").first();
  await expect(attempt).toContainText("200", { timeout: 20_000 });
  await expect(attempt).toContainText("Test");
  await expect(attempt).toContainText(webhook!.headers["hook-id"] as string);
  await expectAccessible(page);
});

test("an admin disables and enables the endpoint, rotates its secret and redelivers", async ({ page }) => {
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: endpointPath });
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText("Enabled");

  await page.getByRole("button", { name: "Disable", exact: true }).click();
  const disable = page.getByRole("alertdialog", { name: "Disable this endpoint?" });
  await disable.getByRole("button", { name: "Disable" }).click();
  await expect(disable).toBeHidden();
  await expect(heading).toContainText("Disabled");
  await expect(page.getByText("Deliveries to this endpoint are paused")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test event" })).toBeDisabled();

  await page.getByRole("button", { name: "Enable", exact: true }).click();
  await expect(heading).toContainText("Enabled");
  await expect(page.getByRole("button", { name: "Send test event" })).toBeEnabled();

  await page.getByRole("button", { name: "Rotate secret" }).click();
  const rotate = page.getByRole("alertdialog", { name: "Rotate the signing secret?" });
  await expect(rotate).toContainText("24 hours");
  await rotate.getByRole("button", { name: "Rotate secret" }).click();
  const rotated = page.getByRole("dialog", { name: "New signing secret" });
  await expect(rotated.getByText("you will not see it again")).toBeVisible();
  const newSecret = await rotated.getByTestId("revealed-secret").inputValue();
  expect(newSecret).toMatch(/^whsec_/);
  await rotated.getByRole("button", { name: "I have saved the secret" }).click();
  await expect(rotated).toBeHidden();

  // Deliveries now carry a signature with the new secret (and the old one, for 24 hours).
  const before = receiver.received.length;
  await page.getByRole("button", { name: "Send test event" }).click();
  const received = await receiver.waitFor(before + 1, 20_000);
  const latest = received[before]!;
  expect(verify(newSecret, latest)).toMatchObject({ reference: "test-event" });
  expect((latest.headers["hook-signature"] as string).split(" ")).toHaveLength(2);

  // Redeliver the newest delivery from the log: the same event (hook-id) arrives again.
  const newest = page
    .getByTestId("attempt-row")
    .filter({ hasText: latest.headers["hook-id"] as string })
    .first();
  await expect(newest).toContainText("200", { timeout: 20_000 });
  // Pinned to this attempt's row: the redelivery's attempt will be listed above it.
  const row = page.locator(`[data-attempt-id="${await newest.getAttribute("data-attempt-id")}"]`);
  await row.getByRole("button", { name: /Redeliver/ }).click();
  await expect(row.getByRole("status")).toContainText(/Queued|Retrying now|Already sending/);
  const again = await receiver.waitFor(before + 2, 20_000);
  expect(again[before + 1]!.headers["hook-id"]).toBe(latest.headers["hook-id"]);
  await expect(
    page.getByTestId("attempt-row").filter({ hasText: latest.headers["hook-id"] as string }),
  ).toHaveCount(2, {
    timeout: 20_000,
  });

  // A failing receiver: the log shows the status and what it answered, then the retry that succeeded.
  receiver.setBehaviour(503);
  const failing = receiver.received.length;
  await page.getByRole("button", { name: "Send test event" }).click();
  const [failed] = (await receiver.waitFor(failing + 1, 20_000)).slice(failing);
  receiver.setBehaviour(200);
  const failedRows = page
    .getByTestId("attempt-row")
    .filter({ hasText: failed!.headers["hook-id"] as string });
  await expect(failedRows.filter({ hasText: "503" })).toContainText("nope", { timeout: 20_000 });
  // The default schedule retries after about 5 seconds.
  await expect(failedRows.filter({ hasText: "#2" })).toContainText("200", { timeout: 30_000 });
  await expectAccessible(page);
  await page.screenshot({ path: "e2e/screenshots/integrations-endpoint.png", fullPage: true });
});

test("an admin creates an API key (shown once), which works until it is revoked", async ({ page }) => {
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/integrations" });
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("Give the key a name")).toBeVisible();
  await dialog.getByLabel("Name").fill("E2E sites reader");
  await expect(dialog.getByRole("checkbox", { name: /Integration/ })).toBeChecked();
  await dialog.getByRole("button", { name: "Create key" }).click();

  const created = page.getByRole("dialog", { name: "API key “E2E sites reader” created" });
  await expect(created.getByText("you will not see it again")).toBeVisible();
  const key = await created.getByTestId("revealed-api-key").inputValue();
  expect(key).toMatch(/^vms_[0-9A-Za-z]{40}$/);
  await expectAccessible(page);
  await created.getByRole("button", { name: "I have saved the key" }).click();

  const row = page.getByTestId("api-key-row").filter({ hasText: "E2E sites reader" });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText("Integration");
  await expect(row).toContainText("Never");
  await expect(row).toContainText(DEMO_STAFF.admin);
  expect(await page.content()).not.toContain(key);

  const headers = { "X-Service-API-Key": key };
  expect((await page.request.get("/v1/infrastructure/sites", { headers })).status()).toBe(200);
  await page.reload();
  await expect(row).not.toContainText("Never");
  await page.screenshot({ path: "e2e/screenshots/integrations.png", fullPage: true });

  await row.getByRole("button", { name: "Revoke E2E sites reader" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke “E2E sites reader”?" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  // Each web process trusts a key it has looked up for API_KEY_CACHE_SECONDS (5 s): refused within that.
  const sites = () => page.request.get("/v1/infrastructure/sites", { headers });
  await expect.poll(async () => (await sites()).status(), { timeout: 10_000, intervals: [500] }).toBe(401);
  expect(await (await sites()).json()).toMatchObject({ code: "UNAUTHORIZED" });
  await expectAccessible(page);
});

test("an admin edits an endpoint, then deletes it after confirming", async ({ page, request }) => {
  const registered = await request.post("/v1/webhooks/endpoints", {
    headers: { "X-Service-API-Key": env().DEMO_API_KEY_A },
    data: { url: "https://93.184.215.14/to-delete", description: "Old DMS" },
  });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: `/integrations/endpoints/${id}` });
  await expect(page.getByRole("heading", { level: 1, name: /Old DMS/ })).toBeVisible();

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit endpoint" });
  await expect(edit.getByLabel("Endpoint URL")).toHaveValue("https://93.184.215.14/to-delete");
  await edit.getByLabel(/Description/).fill("Retired DMS");
  await edit.getByRole("checkbox", { name: /Delivered/ }).check();
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: /Retired DMS/ })).toBeVisible();
  await expect(page.getByText("Endpoint saved.")).toBeVisible();
  const updated = await request.get(`/v1/webhooks/endpoints/${id}`, {
    headers: { "X-Service-API-Key": env().DEMO_API_KEY_A },
  });
  expect(await updated.json()).toMatchObject({
    description: "Retired DMS",
    eventTypes: ["movement.delivered"],
  });

  await page.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this endpoint?" });
  await expect(confirm).toContainText("cannot be undone");
  // Cancel keeps it.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await confirm.getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page).toHaveURL(/\/integrations\?deleted=endpoint$/);
  await expect(page.getByText("The webhook endpoint was deleted.")).toBeVisible();
  await expect(page.getByText("to-delete")).toHaveCount(0);
  const gone = await request.get(`/v1/webhooks/endpoints/${id}`, {
    headers: { "X-Service-API-Key": env().DEMO_API_KEY_A },
  });
  expect(gone.status()).toBe(404);
});

test("an admin never sees another organisation's endpoint", async ({ page, request }) => {
  const other = await request.post("/v1/webhooks/endpoints", {
    headers: { "X-Service-API-Key": env().DEMO_API_KEY_B },
    data: { url: "https://93.184.215.14/harbour-hook", description: "Harbour's DMS" },
  });
  expect(other.status()).toBe(201);
  const { id } = (await other.json()) as { id: string };
  await signIn(page, DEMO_STAFF.admin, { callbackUrl: "/integrations" });
  await expect(page.getByText("harbour-hook")).toHaveCount(0);
  await page.goto(`/integrations/endpoints/${id}`);
  await expect(page.getByRole("heading", { name: "Webhook endpoint not found" })).toBeVisible();
  await expect(page.getByText("Harbour's DMS")).toHaveCount(0);
});

test("a dispatcher does not see Integrations and is refused at /integrations", async ({ page }) => {
  await signIn(page, DEMO_STAFF.dispatcher);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Integrations" }),
  ).toHaveCount(0);
  for (const path of ["/integrations", endpointPath]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Integrations" })).toHaveCount(0);
    await expect(
      page.getByRole("heading", { name: /do not have access|not found|could not be found/i }).first(),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: /Send test event|Create API key|Add endpoint/ }),
    ).toHaveCount(0);
  }
});
