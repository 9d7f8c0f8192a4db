// The soak: the production server (server/start.mjs: web processes and worker) on a fresh PostgreSQL
// database under a steady mixed /v1 load for a long while (bench/lib/soak-mix.ts), its resident memory
// sampled throughout, the webhooks the load causes received by a real endpoint.
//   npm run bench:soak                          # 10 minutes at 60 requests/s
//   npm run bench:soak -- --duration 60s        # the short variant npm test runs
//   options: --duration 10m|60s|600  --rate 60  --port 3221
// Fails (exit 1) on any connection error, timeout or non-2xx answer, any error in the server's log, any
// webhook not delivered, and, in runs of 5 minutes or more, memory growth above 10 % after warm-up.
// A shorter run only reports the growth: over a minute the heap is still settling and the figure is noise.
import { parseArgs } from "node:util";
import ms from "ms";
import { createBenchDatabase } from "@/bench/lib/database";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { memoryVerdict, recordTreeRss } from "@/bench/lib/soak-memory";
import { runMixedLoad } from "@/bench/lib/soak-mix";
import { benchServerEnv } from "@/bench/lib/server-env";
import { printTable } from "@/bench/lib/table";
import { spawnProduct } from "@/e2e/support/spawn-product";
import { env } from "@/lib/env";
import { startWebhookReceiver } from "@/test/webhook-receiver";

const MAX_GROWTH_PERCENT = 10;
const MEMORY_CHECK_FROM_SECONDS = 5 * 60;
const WEBHOOK_DRAIN_MS = 60_000;

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10m" },
    rate: { type: "string", default: "60" },
    port: { type: "string", default: "3221" },
  },
});
const durationSeconds = Math.round(
  (/^\d+$/.test(values.duration) ? Number(values.duration) * 1000 : ms(values.duration as ms.StringValue)) /
    1000,
);
const ratePerSecond = Number(values.rate);
if (!(durationSeconds >= 20) || !(ratePerSecond > 0)) {
  throw new Error("--duration must be at least 20s and --rate a positive number of requests per second");
}
const apiKey = env().DEMO_API_KEY_A;

const machine = machineInfo();
const database = await createBenchDatabase("soak");
// The product as the end-to-end tests start it (e2e/support/spawn-product.ts), since npm test runs this too.
const port = Number(values.port);
console.log(`Starting the production server on port ${port} (builds first if the build is stale)…`);
const server = await spawnProduct({ port, env: benchServerEnv(database.url, port), readyTimeoutMs: 900_000 });
const serverPid = server.child.pid ?? 0;
const receiver = await startWebhookReceiver(200);
try {
  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { "x-service-api-key": apiKey, "content-type": "application/json" },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  await api("/v1/webhooks/endpoints", {
    method: "POST",
    body: JSON.stringify({ url: receiver.url, eventTypes: ["movement.cancelled"] }),
  });
  const { data: sites } = await api<{ data: { id: string; countryCode: string; isPrepSite: boolean }[] }>(
    "/v1/infrastructure/sites",
  );
  const [from, to] = sites.filter((site) => site.countryCode === "GB" && !site.isPrepSite);
  if (!from || !to) throw new Error("the demo data has fewer than two GB sites");

  const uptimeAtStart = uptimeLine();
  console.log(`Soak: ${durationSeconds} s at ${ratePerSecond} requests/s (${uptimeAtStart})`);
  const intervalMs = Math.min(5_000, Math.max(1_000, (durationSeconds * 1000) / 120));
  const rss = recordTreeRss(serverPid, intervalMs);
  const load = await runMixedLoad({
    baseUrl: server.baseUrl,
    apiKey,
    sites: { from: from.id, to: to.id },
    ratePerSecond,
    durationSeconds,
  });
  const points = rss.stop();
  const memory = memoryVerdict(points, durationSeconds);
  const uptimeAtEnd = uptimeLine();

  await receiver.waitFor(load.cancelled, WEBHOOK_DRAIN_MS).catch(() => undefined);
  const hookIds = receiver.received.map((webhook) => String(webhook.headers["hook-id"]));
  const webhooks = {
    expected: load.cancelled,
    received: receiver.received.length,
    distinct: new Set(hookIds).size,
    lost: Math.max(0, load.cancelled - new Set(hookIds).size),
  };
  await server.stop();
  const serverErrors = server
    .output()
    .split("\n")
    .filter((line) => line.includes('"level":"error"'));

  const memoryChecked = durationSeconds >= MEMORY_CHECK_FROM_SECONDS;
  const failures = [
    load.errors > 0 && `${load.errors} connection errors or timeouts`,
    load.non2xx > 0 && `${load.non2xx} answers that were not 2xx`,
    serverErrors.length > 0 && `${serverErrors.length} errors in the server log`,
    webhooks.lost > 0 && `${webhooks.lost} webhooks not delivered`,
    memoryChecked &&
      memory.growthPercent > MAX_GROWTH_PERCENT &&
      `memory grew ${memory.growthPercent} % after warm-up (limit ${MAX_GROWTH_PERCENT} %)`,
  ].filter((failure): failure is string => Boolean(failure));

  printTable("Requests by step", load.steps);
  printTable(`Soak: ${durationSeconds} s at ${ratePerSecond} requests/s`, [
    {
      requests: load.requests,
      "requests/s": Math.round(load.requests / durationSeconds),
      errors: load.errors,
      non2xx: load.non2xx,
      "p50 ms": load.p50Ms,
      "p99 ms": load.p99Ms,
      "max ms": load.maxMs,
      "webhooks expected/received": `${webhooks.expected}/${webhooks.distinct}`,
      "server log errors": serverErrors.length,
    },
  ]);
  printTable(
    `Server RSS (web processes + worker), MiB: warm-up ${memory.warmUpSeconds} s, windows of ${memory.windowSeconds} s`,
    [
      {
        "after warm-up": memory.afterWarmUpMiB,
        "at end": memory.atEndMiB,
        peak: memory.peakMiB,
        "growth %": memory.growthPercent,
        checked: memoryChecked
          ? `yes (≤ ${MAX_GROWTH_PERCENT} %)`
          : `no (runs under ${MEMORY_CHECK_FROM_SECONDS / 60} min)`,
      },
    ],
  );
  console.log(`\nMachine load at the start: ${uptimeAtStart}\nMachine load at the end:   ${uptimeAtEnd}`);
  writeResult("soak", {
    machine,
    uptimeAtStart,
    uptimeAtEnd,
    settings: { durationSeconds, ratePerSecond, sampleIntervalMs: intervalMs },
    load,
    webhooks,
    serverLogErrors: serverErrors.slice(0, 20),
    memory: { ...memory, checked: memoryChecked, samples: points },
    failures,
  });
  if (failures.length > 0) {
    console.error(`\nSoak FAILED:\n  ${failures.join("\n  ")}`);
    if (serverErrors.length > 0)
      console.error(`\nFirst errors in the server log:\n${serverErrors.slice(0, 5).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nSoak passed.");
  }
} finally {
  await receiver.close();
  await server.stop();
  await database.drop();
}
