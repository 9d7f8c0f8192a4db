// The long fuzz run (issue 13): the production server on a fresh database, then generated requests of
// every shape (e2e/support/fuzz-requests.ts, the generator of e2e/api/fuzz.spec.ts), a few at a time.
// Prints how many answers were 5xx and how many had no X-Request-Id; both must be 0 (exit 1 otherwise),
// with the first few offending requests.
//   npm run fuzz                               # 20,000 requests
//   npm run fuzz -- --requests 50000 --port 3143 --seed 42
import { parseArgs } from "node:util";
import fc from "fast-check";
import { createBenchDatabase } from "@/bench/lib/database";
import { benchServerEnv } from "@/bench/lib/server-env";
import {
  actionIds,
  describe,
  requestArbitrary,
  routeTemplates,
  sendRaw,
  type RawRequest,
} from "@/e2e/support/fuzz-requests";
import { spawnProduct } from "@/e2e/support/spawn-product";
import { env } from "@/lib/env";

const CONCURRENCY = 4;
const SHOWN = 10;

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "20000" },
    port: { type: "string", default: "3231" },
    seed: { type: "string" },
  },
});
const total = Number(values.requests);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
if (!(total >= 1)) throw new Error("--requests must be a positive number");

const database = await createBenchDatabase("fuzz");
const port = Number(values.port);
console.log(`Starting the production server on port ${port} (builds first if the build is stale)…`);
const server = await spawnProduct({
  port,
  env: {
    ...benchServerEnv(database.url, port),
    APP_URL: `http://127.0.0.1:${port}`,
    // No proxy is trusted: every forged forwarded header is part of the attack surface.
    TRUSTED_PROXIES: "",
  },
  readyTimeoutMs: 900_000,
});

const counts = { sent: 0, serverErrors: 0, withoutRequestId: 0, failedToAnswer: 0 };
const byStatus = new Map<number, number>();
const offenders: string[] = [];
const context = { templates: routeTemplates(), actions: actionIds(), apiKey: env().DEMO_API_KEY_A };
const arbitrary = requestArbitrary(context);
const BATCH = 500;
const startedAt = performance.now();

async function worker(queue: RawRequest[]): Promise<void> {
  for (let request = queue.pop(); request; request = queue.pop()) {
    counts.sent += 1;
    try {
      const response = await sendRaw(port, request);
      byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
      if (response.status >= 500) counts.serverErrors += 1;
      if (!response.headers["x-request-id"]) counts.withoutRequestId += 1;
      if (response.status >= 500 || !response.headers["x-request-id"]) {
        if (offenders.length < SHOWN) offenders.push(`${response.status} ← ${describe(request)}`);
      }
    } catch (error) {
      counts.failedToAnswer += 1;
      if (offenders.length < SHOWN) offenders.push(`${String(error)} ← ${describe(request)}`);
    }
    if (counts.sent % 2000 === 0) console.log(`  ${counts.sent} / ${total} sent`);
  }
}

try {
  // Generated in batches: a run holds a few hundred requests (some with 1 MiB bodies), not all of them.
  for (let batch = 0; batch * BATCH < total; batch += 1) {
    const size = Math.min(BATCH, total - batch * BATCH);
    const queue = fc.sample(arbitrary, { numRuns: size, seed: seed + batch });
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(queue)));
  }
} finally {
  await server.stop();
}

const seconds = (performance.now() - startedAt) / 1000;
console.log(`\nFuzz run: ${counts.sent} requests in ${seconds.toFixed(0)} s (seed ${seed})`);
console.log(
  `Statuses: ${[...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(", ")}`,
);
console.log(`5xx answers:                 ${counts.serverErrors}`);
console.log(`answers without X-Request-Id: ${counts.withoutRequestId}`);
console.log(`no answer at all:            ${counts.failedToAnswer}`);
for (const offender of offenders) console.log(`  ${offender}`);
process.exit(counts.serverErrors + counts.withoutRequestId + counts.failedToAnswer === 0 ? 0 : 1);
