// GET /api/metrics on a real database with a real worker and receiver: refused without the token, and
// its counters and gauges move after a webhook delivery (the HTTP counters are the front door's:
// lib/metrics/process-metrics.test.ts, and e2e/api/metrics.spec.ts against the real server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { registerMetrics } from "@/lib/metrics/register-metrics";
import { backlogLastHour, readServiceFigures } from "@/lib/operations/service-figures";
import { createMovementWorld, type MovementWorld } from "@/test/movement-world";
import { sampleOf } from "@/test/prometheus-text";
import { setupTestDatabase } from "@/test/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { publishEvents, registerEndpoint } from "@/test/webhook-world";
import { startWorker, type RunningWorker } from "@/lib/worker/worker";

const TOKEN = "metrics-test-token-0123456789abcdef";
// Read by lib/env on first use, which comes later.
process.env.METRICS_TOKEN = TOKEN;
process.env.WEBHOOK_RETRY_SCHEDULE = "0s,1h";

const database = setupTestDatabase();
let world: MovementWorld;
let worker: RunningWorker;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  registerMetrics();
  world = await createMovementWorld(database.prisma);
  worker = startWorker({ pollIntervalMs: 100 });
});

afterAll(async () => {
  await worker.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

const scrape = (authorization?: string) =>
  metricsRoute(
    new Request("http://localhost/api/metrics", { headers: authorization ? { authorization } : {} }),
  );

async function metrics(): Promise<string> {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

describe("GET /api/metrics", () => {
  it("refuses a request without the token, or with another, as a 401 problem", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789abcdef", TOKEN, `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await response.json()).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });

  it("shows Node's metrics, the pool's and every application metric from the start", async () => {
    const text = await metrics();
    for (const name of [
      "vms_process_cpu_user_seconds_total",
      "vms_nodejs_eventloop_lag_seconds",
      "vms_db_pool_connections_in_use",
      "vms_db_pool_connections_idle",
      "vms_db_pool_waiting",
      "vms_sse_open_connections",
      "vms_database_up",
      "vms_webhook_backlog",
      "vms_webhook_oldest_pending_age_seconds",
      "vms_webhook_endpoints_disabled",
      "vms_webhook_first_attempt_latency_seconds_count",
    ]) {
      expect(sampleOf(text, name), name).toBeDefined();
    }
    expect(sampleOf(text, "vms_webhook_deliveries_total", { outcome: "succeeded" })).toBeDefined();
    expect(sampleOf(text, "vms_database_up")).toBe(1);
  });

  it("counts a delivered webhook, its event and the wait for its first attempt; the worker's heartbeat is fresh", async () => {
    const before = await metrics();
    const receiver = await startWebhookReceiver(200);
    receivers.push(receiver);
    await registerEndpoint(createEndpointRoute, world, receiver.url);
    await publishEvents(world, "movement.collected");
    await receiver.waitFor(1);

    const delivered = (text: string) =>
      sampleOf(text, "vms_webhook_deliveries_total", { outcome: "succeeded" }) ?? 0;
    await expect
      .poll(async () => delivered(await metrics()), { timeout: 10_000 })
      .toBe(delivered(before) + 1);
    const after = await metrics();
    const events = (text: string) =>
      sampleOf(text, "vms_events_written_total", { resource_type: "movement" }) ?? 0;
    expect(events(after)).toBeGreaterThanOrEqual(events(before) + 1);
    const firstAttempts = (text: string) =>
      sampleOf(text, "vms_webhook_first_attempt_latency_seconds_count") ?? 0;
    expect(firstAttempts(after)).toBe(firstAttempts(before) + 1);
    // Delivered at once (woken by the event): well within the 30 s bucket.
    expect(sampleOf(after, "vms_webhook_first_attempt_latency_seconds_bucket", { le: "30" })).toBe(
      firstAttempts(after),
    );
    // The database's figures are read at most once a second: a scrape may show the one before (the
    // worker's first heartbeat may come after the previous test's scrape).
    await expect
      .poll(async () => sampleOf(await metrics(), "vms_webhook_backlog"), { timeout: 10_000 })
      .toBe(0);
    await expect
      .poll(async () => sampleOf(await metrics(), "vms_workers_alive"), { timeout: 10_000 })
      .toBe(1);
    expect(sampleOf(await metrics(), "vms_worker_heartbeat_age_seconds")).toBeLessThan(10);
  });

  it("shows a failing endpoint's delivery as retrying, in the backlog, with the oldest pending age", async () => {
    const receiver = await startWebhookReceiver(503);
    receivers.push(receiver);
    const before = await metrics();
    await registerEndpoint(createEndpointRoute, world, receiver.url);
    await publishEvents(world, "movement.delivered");
    await receiver.waitFor(1);
    const retrying = (text: string) =>
      sampleOf(text, "vms_webhook_deliveries_total", { outcome: "retrying" }) ?? 0;
    await expect.poll(async () => retrying(await metrics()), { timeout: 10_000 }).toBe(retrying(before) + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // figures are read at most once a second
    const after = await metrics();
    expect(sampleOf(after, "vms_webhook_backlog")).toBe(1);
    expect(sampleOf(after, "vms_webhook_oldest_pending_age_seconds")).toBeGreaterThan(0);
    const figures = await readServiceFigures();
    expect(figures.webhooks.backlog).toBe(1);
    expect(figures.database).toMatchObject({ reachable: true, migration: expect.stringMatching(/^\d{14}_/) });
  });

  it("forgets a stopped worker's heartbeat", async () => {
    const second = startWorker({ pollIntervalMs: 100 });
    await expect.poll(async () => (await readServiceFigures()).worker.alive, { timeout: 10_000 }).toBe(2);
    await second.stop();
    expect((await readServiceFigures()).worker.alive).toBe(1);
    // The first beat also sampled the backlog for the system page's sparkline.
    expect((await backlogLastHour()).length).toBeGreaterThanOrEqual(1);
  });
});
