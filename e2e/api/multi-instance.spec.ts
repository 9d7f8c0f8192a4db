// Scaled out: two app instances and two standalone workers on one database (e2e/support/multi-instance).
// Events made alternately on both instances each reach a webhook endpoint exactly once, and a live page
// served by one instance shows a change made through the other without a reload.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { env } from "@/lib/env";
import { startWebhookReceiver } from "@/test/webhook-receiver";
import { E2E_PORT } from "../support/e2e-environment";
import { startDeployment, type Deployment } from "../support/multi-instance";
import { DEMO_STAFF, signIn } from "../support/sign-in";

test.describe.configure({ mode: "serial" });

/** Beside the suite's own server (E2E_PORT, E2E_DATABASE_NAME), so that both can run at once. */
const PORTS = [E2E_PORT + 1, E2E_PORT + 2];
const DATABASE = `${process.env.E2E_DATABASE_NAME ?? "vms_e2e"}_multi`;
const MOVEMENTS = 40;
/** Requests in flight at once, so that both workers find deliveries to claim at the same time. */
const PARALLEL = 8;

const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A };
const operations = { "X-Service-API-Key": env().DEMO_OPS_API_KEY };

let deployment: Deployment;
const base = (instance: number) => deployment.instances[instance]!.baseUrl;

test.beforeAll(async () => {
  test.setTimeout(400_000); // the first instance may build the app
  deployment = await startDeployment({ database: DATABASE, ports: PORTS });
});

test.afterAll(async () => {
  await deployment?.stop();
});

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: deployment.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

async function gbSites(request: APIRequestContext, instance: number): Promise<string[]> {
  const response = await request.get(`${base(instance)}/v1/infrastructure/sites`, { headers: integration });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as {
    data: { id: string; countryCode: string; isPrepSite: boolean }[];
  };
  return data.filter((site) => site.countryCode === "GB" && !site.isPrepSite).map((site) => site.id);
}

async function createMovement(
  request: APIRequestContext,
  instance: number,
  options: { vrm: string; providerId?: string },
): Promise<string> {
  const [from, to] = await gbSites(request, instance);
  const path = options.providerId
    ? "/v1/movement-requests/create-with-3pl"
    : "/v1/movement-requests/create-in-planning-pool";
  const response = await request.post(`${base(instance)}${path}`, {
    headers: integration,
    data: {
      vehicle: { vrm: options.vrm, make: "Skoda", model: "Octavia" },
      origin: { location: { type: "INTERNAL", siteId: from } },
      destination: { location: { type: "INTERNAL", siteId: to }, deliveryByDate: "2027-03-01" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
      ...(options.providerId ? { thirdPartyLogisticsProviderId: options.providerId } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A VRM of the current format that no seeded vehicle has: MV + two digits + three letters. */
function vrmFor(n: number): string {
  const letters = "ABCDEFGHJKLMNPRSTUVWXYZ";
  const letter = (k: number) => letters[k % letters.length];
  return `MV${String(10 + (n % 90))} ${letter(n)}${letter(n >> 3)}${letter(n >> 6)}`;
}

test("events made on both instances reach the endpoint exactly once each", async ({ request }) => {
  test.setTimeout(180_000);
  const receiver = await startWebhookReceiver(200);
  try {
    const endpoint = await request.post(`${base(0)}/v1/webhooks/endpoints`, {
      headers: integration,
      data: { url: receiver.url, eventTypes: ["movement.cancelled"] },
    });
    expect(endpoint.status(), await endpoint.text()).toBe(201);
    const { id: endpointId } = (await endpoint.json()) as { id: string };

    // Created on one instance, cancelled on the other, alternating.
    const cancelled: string[] = [];
    for (let start = 0; start < MOVEMENTS; start += PARALLEL) {
      const batch = Array.from({ length: Math.min(PARALLEL, MOVEMENTS - start) }, (_, k) => start + k);
      cancelled.push(
        ...(await Promise.all(
          batch.map(async (n) => {
            const id = await createMovement(request, n % 2, { vrm: vrmFor(n) });
            const cancel = await request.post(`${base((n + 1) % 2)}/v1/movement-requests/${id}/cancel`, {
              headers: integration,
            });
            expect(cancel.status(), await cancel.text()).toBe(200);
            return id;
          }),
        )),
      );
    }

    await receiver.waitFor(MOVEMENTS, 120_000);
    // Every delivery done, each in exactly one attempt: nothing was claimed and sent twice.
    await expect
      .poll(
        async () =>
          (
            await query<{ pending: string }>(
              `SELECT count(*) AS pending FROM "WebhookDelivery" WHERE "endpointId" = $1 AND status <> 'SUCCEEDED'`,
              [endpointId],
            )
          )[0]!.pending,
        { timeout: 30_000 },
      )
      .toBe("0");
    const deliveries = await query<{ eventId: string; attemptCount: number; attempts: string }>(
      `SELECT d."eventId", d."attemptCount", (SELECT count(*) FROM "WebhookAttempt" a WHERE a."deliveryId" = d.id) AS attempts
         FROM "WebhookDelivery" d WHERE d."endpointId" = $1`,
      [endpointId],
    );
    expect(deliveries).toHaveLength(MOVEMENTS);
    expect(deliveries.every((delivery) => delivery.attemptCount === 1 && delivery.attempts === "1")).toBe(
      true,
    );

    // The receiver saw each event once, and the events are those of the cancelled movements.
    const hookIds = receiver.received.map((webhook) => webhook.headers["hook-id"] as string);
    expect(hookIds).toHaveLength(MOVEMENTS);
    expect(new Set(hookIds).size).toBe(MOVEMENTS);
    expect(new Set(hookIds)).toEqual(new Set(deliveries.map((delivery) => delivery.eventId)));
    const movementIds = receiver.received.map(
      (webhook) =>
        (JSON.parse(webhook.body) as { movement: { movementRequestId: string } }).movement.movementRequestId,
    );
    expect(new Set(movementIds)).toEqual(new Set(cancelled));
    expect(deployment.workers.map((worker) => worker.child.exitCode)).toEqual([null, null]);
  } finally {
    await receiver.close();
  }
});

async function drivenProvider(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${base(0)}/v1/infrastructure/providers/third-party`, {
    headers: integration,
  });
  const { data } = (await response.json()) as { data: { id: string; transportMethods: string[] }[] };
  const provider = data.find((candidate) => candidate.transportMethods.includes("DRIVEN"));
  if (!provider) throw new Error("the demo data has no 3PL for driven movements");
  return provider.id;
}

async function openBoard(browser: Browser, instance: number, vrm: string, id: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base(instance), locale: "en-GB" });
  const page = await context.newPage();
  await signIn(page, DEMO_STAFF.dispatcher);
  await page.goto(`/board?q=${encodeURIComponent(vrm)}&open=${id}`);
  await expect(page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible({ timeout: 15_000 });
  return page;
}

for (const [pageOn, changeOn] of [
  [1, 0],
  [0, 1],
] as const) {
  test(`a board served by instance ${"AB"[pageOn]} shows a change made on instance ${"AB"[changeOn]} without a reload`, async ({
    browser,
    request,
  }) => {
    const vrm = vrmFor(1000 + pageOn);
    const id = await createMovement(request, changeOn, { vrm, providerId: await drivenProvider(request) });
    const page = await openBoard(browser, pageOn, vrm, id);
    const row = page
      .getByRole("table", { name: "Movement requests" })
      .getByRole("row")
      .filter({ hasText: vrm });
    await expect(row).toContainText("Sent to partner");
    // The serving instance runs no worker, yet listens for the database's notifications while the
    // page is open: that is what wakes its stream when another instance writes.
    await expect
      .poll(async () => {
        const rows = await query<{ count: string }>(
          `SELECT count(*) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1 AND query = 'LISTEN vms_events'`,
          [deployment.instances[pageOn]!.applicationName],
        );
        return rows[0]!.count;
      })
      .toBe("1");
    const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    const started = Date.now();
    const accepted = await request.post(`${base(changeOn)}/v1/operations/movement-requests/${id}/accept`, {
      headers: operations,
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await expect(row).toContainText("Partner accepted", { timeout: 10_000 });
    // Same document: no reload happened. How fast is measured, not asserted.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(marker);
    test
      .info()
      .annotations.push({ type: "live update across instances", description: `${Date.now() - started} ms` });
    await page.context().close();
  });
}
