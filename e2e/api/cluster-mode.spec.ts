// npm start with WEB_CONCURRENCY=2: two web processes on one port. The primary hands new connections to
// them in turn, so requests on fresh connections alternate between the processes. What must hold across
// them: one rate limit per API key, one resource per Idempotency-Key, and live updates of changes made
// through the other process. Its own instance on a database of its own.
import http from "node:http";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { env } from "@/lib/env";
import { DEMO_STAFF, signIn } from "../support/sign-in";
import {
  environmentWithFreshDatabase,
  freePort,
  spawnProduct,
  type RunningProduct,
} from "../support/spawn-product";

test.describe.configure({ mode: "serial" });

const RATE_LIMIT = 20;
const databaseName = `${process.env.E2E_DATABASE_NAME ?? "vms_e2e"}_cluster`;
const keyA = env().DEMO_API_KEY_A;
const keyB = env().DEMO_API_KEY_B;

let product: RunningProduct;
let database: Awaited<ReturnType<typeof environmentWithFreshDatabase>>;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const port = await freePort();
  database = await environmentWithFreshDatabase(databaseName, {
    WEB_CONCURRENCY: "2",
    RATE_LIMIT_REQUESTS: String(RATE_LIMIT),
    RATE_LIMIT_WINDOW_SECONDS: "600",
    AUTH_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
  });
  product = await spawnProduct({ port, env: database.env });
  expect(product.output()).toContain("2 web processes");
});

test.afterAll(async () => {
  if (product) expect(await product.stop()).toBe(0);
  await database?.drop();
});

/** A request on a connection of its own, so that the two processes take turns. */
function api(path: string, apiKey: string, init: RequestInit = {}) {
  return fetch(`${product.baseUrl}${path}`, {
    ...init,
    headers: {
      "X-Service-API-Key": apiKey,
      "Content-Type": "application/json",
      Connection: "close",
      ...init.headers,
    },
  });
}

async function movementBody(vin: string): Promise<string> {
  const response = await api("/v1/infrastructure/sites", keyA);
  const sites = (
    (await response.json()) as { data: { id: string; isPrepSite: boolean; countryCode: string }[] }
  ).data
    .filter((site) => !site.isPrepSite && site.countryCode === "GB")
    .map((site) => site.id);
  return JSON.stringify({
    vehicle: { vin, make: "Ford", model: "Kuga" },
    origin: { location: { type: "INTERNAL", siteId: sites[0] } },
    destination: { location: { type: "INTERNAL", siteId: sites[1] }, deliveryByDate: "2027-02-01" },
    businessArea: "Retail",
    transportMethod: "DRIVEN",
  });
}

test("the rate limit of an API key counts the requests of both processes", async () => {
  const statuses: number[] = [];
  // One after the other: each process alone sees about half of them, under the limit.
  for (let i = 0; i < RATE_LIMIT + 10; i++) {
    statuses.push((await api("/v1/infrastructure/sites", keyB)).status);
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
  expect(statuses.slice(RATE_LIMIT).every((status) => status === 429)).toBe(true);
});

test("the same Idempotency-Key sent to both processes at once makes one movement request", async () => {
  const vin = "WF0XXXGCDX3333333";
  const body = await movementBody(vin);
  const answers = await Promise.all(
    Array.from({ length: 6 }, () =>
      api("/v1/movement-requests/create-in-planning-pool", keyA, {
        method: "POST",
        body,
        headers: { "Idempotency-Key": "cluster-once" },
      }).then(async (response) => ({
        status: response.status,
        body: (await response.json()) as { id?: string },
      })),
    ),
  );
  // The first creates; the others replay it or are told it is still in progress.
  expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
  const ids = new Set(answers.filter((answer) => answer.status === 201).map((answer) => answer.body.id));
  expect(ids.size).toBe(1);
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS count FROM "MovementRequest" WHERE vin = $1`,
      [vin],
    );
    expect(rows[0].count).toBe(1);
  } finally {
    await client.end();
  }
});

test("a live stream served by one process shows changes made through the other", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: product.baseUrl });
  await signIn(await context.newPage(), DEMO_STAFF.dispatcher);
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  await context.close();
  const stream = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(`${product.baseUrl}/api/board/stream`, { agent: false, headers: { cookie } }, resolve)
      .on("error", reject),
  );
  expect(stream.headers["content-type"]).toContain("text/event-stream");
  let received = "";
  stream.on("data", (chunk: Buffer) => (received += chunk.toString()));
  try {
    // Four creates on fresh connections: the processes take turns, so two or more go to the other one.
    const created: string[] = [];
    for (const vin of ["WF0XXXGCDX4444441", "WF0XXXGCDX4444442", "WF0XXXGCDX4444443", "WF0XXXGCDX4444444"]) {
      const response = await api("/v1/movement-requests/create-in-planning-pool", keyA, {
        method: "POST",
        body: await movementBody(vin),
      });
      expect(response.status).toBe(201);
      created.push(((await response.json()) as { id: string }).id);
    }
    for (const id of created) await expect.poll(() => received, { timeout: 15_000 }).toContain(id);
  } finally {
    stream.destroy();
  }
});
