// GET /api/metrics on the product as npm start runs it (one web process per core, here two): refused
// without the token; the HTTP counters count every process's requests (aggregated by the cluster's
// primary, whichever process the scrape reaches); a webhook delivery moves the delivery counters.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { env } from "@/lib/env";
import { sampleOf } from "@/test/prometheus-text";
import { startWebhookReceiver } from "@/test/webhook-receiver";
import { createAndCancelMovement } from "../support/cancelled-movement";
import { E2E_BASE_URL, E2E_METRICS_TOKEN } from "../support/e2e-environment";

const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A };

/** A GET on a connection of its own: the cluster's primary hands each new one to the next process. */
function getOnFreshConnection(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${E2E_BASE_URL}${path}`, { agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on("error", reject);
  });
}

async function scrape(): Promise<string> {
  const answer = await getOnFreshConnection("/api/metrics", { authorization: `Bearer ${E2E_METRICS_TOKEN}` });
  expect(answer.status).toBe(200);
  return answer.body;
}

test("refuses a scrape without the token, or with another", async () => {
  const refused: Record<string, string>[] = [
    {},
    { authorization: "Bearer not-the-metrics-token-0123456789" },
  ];
  for (const headers of refused) {
    const answer = await getOnFreshConnection("/api/metrics", headers);
    expect(answer.status).toBe(401);
    // The endpoint's own refusal (it asks for a bearer token), not the staff-session check's.
    expect(answer.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(JSON.parse(answer.body)).toMatchObject({ code: "UNAUTHORIZED" });
  }
});

test("counts API requests by route template across the web processes", async () => {
  const sites = { route: "/v1/infrastructure/sites", method: "GET", status: "200" };
  const missing = { route: "/v1/prep-jobs/[id]", method: "GET", status: "404" };
  const before = await scrape();
  for (let index = 0; index < 6; index++) {
    expect((await getOnFreshConnection("/v1/infrastructure/sites", integration)).status).toBe(200);
  }
  expect((await getOnFreshConnection("/v1/prep-jobs/01JXXXXXXXXXXXXXXXXXXXXXXX", integration)).status).toBe(
    404,
  );
  const delta = (text: string, labels: Record<string, string>) =>
    (sampleOf(text, "vms_http_requests_total", labels) ?? 0) -
    (sampleOf(before, "vms_http_requests_total", labels) ?? 0);
  // All six, though fresh connections alternate between the two processes.
  await expect.poll(async () => delta(await scrape(), sites), { timeout: 10_000 }).toBe(6);
  const after = await scrape();
  expect(delta(after, missing)).toBe(1);
  expect(sampleOf(after, "vms_http_request_duration_seconds_count", sites)).toBeGreaterThanOrEqual(6);
  expect(sampleOf(after, "vms_process_cpu_user_seconds_total")).toBeGreaterThan(0);
});

test("counts a webhook delivery, and the worker's heartbeat is fresh", async ({ request }) => {
  const receiver = await startWebhookReceiver(200);
  try {
    const before = await scrape();
    const endpoint = await request.post("/v1/webhooks/endpoints", {
      headers: integration,
      data: { url: receiver.url, eventTypes: ["movement.cancelled"] },
    });
    expect(endpoint.status()).toBe(201);
    await createAndCancelMovement(request, {
      vin: "WF0XXXGCDX1234599",
      make: "Ford",
      model: "Kuga",
      externalVehicleId: "e2e-metrics-1",
    });
    await receiver.waitFor(1, 30_000);

    const succeeded = (text: string) =>
      sampleOf(text, "vms_webhook_deliveries_total", { outcome: "succeeded" }) ?? 0;
    await expect.poll(async () => succeeded(await scrape()), { timeout: 10_000 }).toBe(succeeded(before) + 1);
    const after = await scrape();
    const firstAttempts = (text: string) =>
      sampleOf(text, "vms_webhook_first_attempt_latency_seconds_count") ?? 0;
    expect(firstAttempts(after)).toBe(firstAttempts(before) + 1);
    const events = (text: string) =>
      sampleOf(text, "vms_events_written_total", { resource_type: "movement" }) ?? 0;
    expect(events(after)).toBeGreaterThan(events(before));
    expect(sampleOf(after, "vms_workers_alive")).toBe(1);
    expect(sampleOf(after, "vms_worker_heartbeat_age_seconds")).toBeLessThan(15);
    expect(sampleOf(after, "vms_database_up")).toBe(1);
  } finally {
    await receiver.close();
  }
});
