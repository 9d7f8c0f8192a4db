// npm start with OTEL_EXPORTER_OTLP_ENDPOINT set: every web process exports its spans to a real OTLP/HTTP
// receiver started here (test/otlp-receiver.ts decodes what arrives). An API request that
// collects a movement gives one trace: the front door's request span, the SQL statements inside it, and
// the log lines written in it; the webhook that the event causes is delivered in a span of the worker
// linked to that trace. Its own instance (two web processes) on a database of its own.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { env } from "@/lib/env";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "@/test/otlp-receiver";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/webhook-receiver";
import {
  environmentWithFreshDatabase,
  freePort,
  spawnProduct,
  type RunningProduct,
} from "../support/spawn-product";

test.describe.configure({ mode: "serial" });

const databaseName = `${process.env.E2E_DATABASE_NAME ?? "vms_e2e"}_tracing`;
const integration = { "X-Service-API-Key": env().DEMO_API_KEY_A };
const operations = { "X-Service-API-Key": env().DEMO_OPS_API_KEY };

let otlp: OtlpReceiver;
let webhooks: WebhookReceiver;
let product: RunningProduct;
let database: Awaited<ReturnType<typeof environmentWithFreshDatabase>>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  otlp = await startOtlpReceiver();
  webhooks = await startWebhookReceiver(200);
  const port = await freePort();
  database = await environmentWithFreshDatabase(databaseName, {
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
    // Batches leave every 200 ms instead of every 5 s: the test waits less.
    OTEL_BSP_SCHEDULE_DELAY: "200",
    // Every trace, rather than the default one in a hundred: the tests follow particular requests.
    OTEL_TRACES_SAMPLER: "parentbased_always_on",
    WEB_CONCURRENCY: "2",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    AUTH_URL: `http://127.0.0.1:${port}`,
    // The API wrapper's line per request is a debug line.
    LOG_LEVEL: "debug",
  });
  product = await spawnProduct({ port, env: database.env });
});

test.afterAll(async () => {
  if (product) expect(await product.stop()).toBe(0);
  await database?.drop();
  await webhooks?.close();
  await otlp?.close();
});

/** A request on a connection of its own (the two web processes take turns), with our request id. */
function api(path: string, headers: Record<string, string>, init: RequestInit & { requestId?: string } = {}) {
  const { requestId, ...rest } = init;
  return fetch(`${product.baseUrl}${path}`, {
    ...rest,
    headers: {
      ...headers,
      Connection: "close",
      ...(rest.body ? { "Content-Type": "application/json" } : {}),
      ...(requestId ? { "X-Request-Id": requestId } : {}),
    },
  });
}

test("a request's trace holds its SQL spans and its log lines; the webhook's attempt links to it", async () => {
  const endpoint = await api("/v1/webhooks/endpoints", integration, {
    method: "POST",
    body: JSON.stringify({ url: webhooks.url, eventTypes: ["movement.collected"] }),
  });
  expect(endpoint.status).toBe(201);
  const sites = (
    (await (await api("/v1/infrastructure/sites", integration)).json()) as {
      data: { id: string; isPrepSite: boolean; countryCode: string }[];
    }
  ).data.filter((site) => !site.isPrepSite && site.countryCode === "GB");
  const created = await api("/v1/movement-requests/create-in-planning-pool", integration, {
    method: "POST",
    body: JSON.stringify({
      vehicle: { vin: "WF0XXXGCDX5550123", make: "Ford", model: "Puma" },
      origin: { location: { type: "INTERNAL", siteId: sites[0]!.id } },
      destination: { location: { type: "INTERNAL", siteId: sites[1]!.id }, deliveryByDate: "2027-01-15" },
      businessArea: "Retail",
      transportMethod: "DRIVEN",
    }),
  });
  expect(created.status).toBe(201);
  const movement = (await created.json()) as { id: string };
  const drivers = (await (await api("/v1/operations/drivers", operations)).json()) as {
    data: { id: string }[];
  };
  const path = `/v1/operations/movement-requests/${movement.id}`;
  const assigned = await api(`${path}/assign`, operations, {
    method: "POST",
    body: JSON.stringify({ driverId: drivers.data[0]!.id }),
  });
  expect(assigned.status).toBe(200);
  const requestId = `e2e-trace-${Date.now()}`;
  expect((await api(`${path}/collected`, operations, { method: "POST", requestId })).status).toBe(200);

  // The front door's span of the request: route template, method, status, request id.
  const request = await otlp.waitForSpan((span) => span.attributes["vms.request_id"] === requestId);
  expect(request).toMatchObject({
    name: "POST /v1/operations/movement-requests/[requestId]/collected",
    kind: 2, // SERVER
    parentSpanId: undefined,
    attributes: {
      "http.request.method": "POST",
      "http.route": "/v1/operations/movement-requests/[requestId]/collected",
      "http.response.status_code": 200,
    },
  });
  expect(request.resource).toMatchObject({ "service.name": "vehicle-movement-service" });
  expect(String(request.resource["service.instance.id"])).toMatch(/:\d+$/);

  // A SQL statement of that request, inside it: its chain of parents leads to the request's span.
  const statement = await otlp.waitForSpan(
    (span) => span.traceId === request.traceId && span.attributes["db.system.name"] === "postgresql",
  );
  expect(ancestorsOf(statement, otlp.spans).map((span) => span.spanId)).toContain(request.spanId);

  // The webhook: one span per attempt, linked to the request that wrote the event.
  await webhooks.waitFor(1, 30_000);
  const attempt = await otlp.waitForSpan(
    (span) => span.name === "webhook.deliver" && span.links.some((link) => link.traceId === request.traceId),
  );
  expect(attempt.attributes).toMatchObject({ "vms.webhook.attempt": 1, "vms.webhook.outcome": "succeeded" });
  expect(attempt.traceId).not.toBe(request.traceId);
  const round = otlp.spans.find((span) => span.spanId === attempt.parentSpanId);
  expect(round?.name).toBe("worker.loop");

  // The server's log lines about the request carry its trace id next to its request id.
  const lines = product
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(requestId))
    .map((line) => JSON.parse(line) as { requestId?: string; traceId?: string; spanId?: string });
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).toMatchObject({ requestId, traceId: request.traceId });
    expect(line.spanId).toMatch(/^[0-9a-f]{16}$/);
  }

  // Each web process exports with an instance of its own.
  for (let i = 0; i < 6; i++) await api("/v1/infrastructure/sites", integration);
  await expect
    .poll(() => new Set(otlp.spans.map((span) => span.resource["service.instance.id"])).size, {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(2);
});

test("a server action's span names the action, from the build's manifest", async () => {
  const manifest = JSON.parse(
    readFileSync(join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { filename: string; exportedName: string }> };
  const [id, action] = Object.entries(manifest.node).find(([, each]) =>
    each.filename.startsWith("app/(staff)/board/"),
  )!;
  // Hand-written calls: the action refuses a caller with no session, but the span is the front door's.
  const call = (actionId: string, requestId: string) =>
    fetch(`${product.baseUrl}/board`, {
      method: "POST",
      headers: {
        "Next-Action": actionId,
        "Content-Type": "text/plain;charset=UTF-8",
        "X-Request-Id": requestId,
        Connection: "close",
      },
      body: "[]",
      redirect: "manual",
    });
  const known = `e2e-action-${Date.now()}`;
  const unknown = `${known}-unknown`;
  await call(id, known);
  await call("00".repeat(21), unknown);
  const named = await otlp.waitForSpan((span) => span.attributes["vms.request_id"] === known);
  expect(named.attributes["vms.server_action"]).toBe(`${action.filename}#${action.exportedName}`);
  const other = await otlp.waitForSpan((span) => span.attributes["vms.request_id"] === unknown);
  expect(other.attributes["vms.server_action"]).toBe("unknown");
});

test("a request the caller's traceparent leaves unsampled makes no span, and its log lines still name its trace", async () => {
  const traceId = randomBytes(16).toString("hex");
  const callerSpanId = randomBytes(8).toString("hex");
  const requestId = `e2e-unsampled-${Date.now()}`;
  const unsampled = await api(
    "/v1/infrastructure/sites",
    {
      ...integration,
      traceparent: `00-${traceId}-${callerSpanId}-00`,
    },
    { requestId },
  );
  expect(unsampled.status).toBe(200);
  // A sampled request after it, on both processes: once its spans are in, the unsampled one's would be.
  const after = `${requestId}-after`;
  for (let i = 0; i < 2; i++)
    await api("/v1/infrastructure/sites", integration, { requestId: `${after}-${i}` });
  await otlp.waitForSpan((span) => span.attributes["vms.request_id"] === `${after}-1`);
  await otlp.waitForSpan(
    (span) => span.attributes["db.system.name"] === "postgresql" && span.traceId !== traceId,
  );
  expect(otlp.spans.filter((span) => span.traceId === traceId)).toEqual([]);

  const lines = product
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(requestId) && !line.includes(after))
    .map((line) => JSON.parse(line) as { requestId?: string; traceId?: string; spanId?: string });
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).toMatchObject({ requestId, traceId });
    // The request's own span, which the sampler left out, not the caller's.
    expect(line.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(line.spanId).not.toBe(callerSpanId);
  }
});

test("the probes and the metrics scrape make no span, even for a caller's sampled traceparent", async () => {
  const requestId = `e2e-probe-${Date.now()}`;
  const traceparent = `00-${randomBytes(16).toString("hex")}-${randomBytes(8).toString("hex")}-01`;
  for (const path of ["/api/health", "/api/ready", "/api/metrics"]) {
    for (let i = 0; i < 2; i++) {
      const answer = await api(
        path,
        { traceparent },
        { requestId: `${requestId}${path.replaceAll("/", "-")}-${i}` },
      );
      expect(answer.status, path).toBeLessThan(500);
    }
  }
  // A traced request after them, on both processes: once its spans are in, theirs would be.
  const after = `${requestId}-after`;
  for (let i = 0; i < 2; i++)
    await api("/v1/infrastructure/sites", integration, { requestId: `${after}-${i}` });
  for (let i = 0; i < 2; i++)
    await otlp.waitForSpan((span) => span.attributes["vms.request_id"] === `${after}-${i}`);
  const probeSpans = otlp.spans.filter((span) =>
    String(span.attributes["vms.request_id"] ?? "").startsWith(`${requestId}-api`),
  );
  expect(probeSpans).toEqual([]);
  const probes = new Set(["/api/health", "/api/ready", "/api/metrics"]);
  expect(otlp.spans.filter((span) => probes.has(String(span.attributes["http.route"])))).toEqual([]);
});

/** The span's parent, its parent's parent, … as far as they have arrived. */
function ancestorsOf(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(spans.map((each) => [each.spanId, each]));
  const chain: ReceivedSpan[] = [];
  for (let parent = byId.get(span.parentSpanId ?? ""); parent; parent = byId.get(parent.parentSpanId ?? "")) {
    chain.push(parent);
  }
  return chain;
}
