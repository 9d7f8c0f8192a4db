// Benchmark 3 (issue #6): webhook delivery. On a fresh PostgreSQL database, 5 real receivers (node:http
// on loopback) are registered as endpoints of one profile, each subscribed to every event type; events
// are published through the transactional outbox at a fixed rate while the event worker runs as a
// process of its own (`lib/worker/main.ts`, bundled as `npm start` runs it, production settings), its
// memory sampled from /proc.
//   healthy: the 5 receivers answer 200.
//   faulty:  the same 5, plus one receiver that never answers (cut at WEBHOOK_TIMEOUT_MS) and one that
//            answers 500 (retried on the default schedule); the healthy receivers' figures are compared.
// Measured per scenario, over the healthy receivers: deliveries/s (first attempts received, from the
// first commit to the last arrival) and commit → first attempt (the publishing transaction's commit, as
// the publisher saw it, to the request's arrival at the receiver; same clock) p50 / p95 / p99.
//   npm run bench:webhooks
//   npm run bench:webhooks -- --events 2000 --rate 100 --scenarios healthy --cpu-prof
//   options: --events 20000 (per scenario)  --rate 110 (events/s: × 5 receivers, 550 deliveries/s offered,
//            10 % above the target's 500, so that keeping up shows the target met; 0 = publish all, then
//            start the worker)
//            --scenarios healthy,faulty  --cpu-prof (worker profile in bench/results/profiles/)  --name
//            --worker-dir <checkout> (the worker of another version, e.g. `git archive` of a commit)
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBenchDatabase, migrateAndSeed } from "@/bench/lib/database";
import { latencySummary, type LatencySummary } from "@/bench/lib/latency-percentiles";
import { publishEventsAtRate, type PublishedEvents } from "@/bench/lib/paced-event-publisher";
import { startProcessGroup, type ProcessGroup } from "@/bench/lib/process-group";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { processesCpuMs, processTreeCpuMs } from "@/bench/lib/cpu-time";
import { sampleRss, type RssSampler, type RssSummary } from "@/bench/lib/rss-sampler";
import { benchServerEnv, PROJECT_ROOT } from "@/bench/lib/server-env";
import { markdownTable, printTable } from "@/bench/lib/table";
import {
  startReceiversProcess,
  type ReceiverSpec,
  type ReceiversProcess,
} from "@/bench/lib/webhook-receivers-process";
import { atLeast, atMost, targetRows, type TargetCheck } from "@/bench/lib/targets";
import { kysely, sql } from "@/lib/db";
import { createPrismaClient } from "@/prisma/client";
import { createMovementWorld } from "@/test/movement-world";
import { POST as createEndpointRoute } from "@/app/v1/webhooks/endpoints/route";
import { registerEndpoint } from "@/test/webhook-world";

const { values: args } = parseArgs({
  options: {
    events: { type: "string", default: "20000" },
    rate: { type: "string", default: "110" },
    scenarios: { type: "string", default: "healthy,faulty" },
    "cpu-prof": { type: "boolean", default: false },
    name: { type: "string", default: "webhook-delivery" },
    /** Runs the worker from another checkout (e.g. `git archive` of an older commit): before / after. */
    "worker-dir": { type: "string", default: PROJECT_ROOT },
  },
});
const EVENTS = Number(args.events);
const RATE = Number(args.rate);
const SCENARIOS = args.scenarios.split(",") as ScenarioName[];
const HEALTHY_RECEIVERS = 5;
const WORKER_READY_TIMEOUT_MS = 60_000;
/** After the last event is published; a slower run is reported as incomplete. */
const WAIT_FOR_DELIVERIES_MS = 2 * 60_000;

type ScenarioName = "healthy" | "faulty";

type ScenarioResult = {
  scenario: ScenarioName;
  events: number;
  /** Every healthy receiver got every event within the wait. */
  complete: boolean;
  publishedPerSecond: number;
  healthyDeliveries: number;
  healthyDeliveriesPerSecond: number;
  /** Requests the never-answering and the 500 receivers got (faulty scenario). */
  faultyRequests: number;
  duplicatesAtHealthy: number;
  commitToFirstAttempt: LatencySummary;
  /**
   * CPU per delivery (first attempts at the healthy receivers): the worker's process, and the PostgreSQL
   * backends of the bench database that were busy meanwhile (the worker's connections). Steadier than
   * deliveries/s on a shared machine.
   */
  cpuMsPerDelivery: { worker: number; postgres: number };
  worker: RssSummary;
  loadBefore: string;
  loadAfter: string;
};

const machine = machineInfo(await postgresVersion());
console.log(`Load: ${machine.uptime}`);
const database = await createBenchDatabase("wh");
console.log(`Database ${database.name}: migrating…`);
await migrateAndSeed(database.url);
/** The row builders' client (prisma/factories), for each scenario's world. */
const factoryDb = createPrismaClient(database.url);
// The benchmark's own writes (world, endpoints, events) go to the same database, with the same key.
const workerEnv = benchServerEnv(database.url);
Object.assign(process.env, {
  DATABASE_URL: database.url,
  ENCRYPTION_KEY: workerEnv.ENCRYPTION_KEY,
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
  LOG_LEVEL: "warn",
});

const results: ScenarioResult[] = [];
for (const scenario of SCENARIOS) results.push(await runScenario(scenario));
await kysely().destroy();

const rows = results.map((result) => ({
  scenario: result.scenario,
  events: result.events,
  "published/s": Math.round(result.publishedPerSecond),
  "healthy deliveries": result.healthyDeliveries,
  "deliveries/s": Math.round(result.healthyDeliveriesPerSecond),
  "p50 ms": RATE > 0 ? result.commitToFirstAttempt.p50Ms : undefined,
  "p95 ms": RATE > 0 ? result.commitToFirstAttempt.p95Ms : undefined,
  "p99 ms": RATE > 0 ? result.commitToFirstAttempt.p99Ms : undefined,
  "max ms": RATE > 0 ? result.commitToFirstAttempt.maxMs : undefined,
  "faulty requests": result.faultyRequests,
  "worker CPU ms/delivery": result.cpuMsPerDelivery.worker,
  "PostgreSQL CPU ms/delivery": result.cpuMsPerDelivery.postgres,
  "worker peak RSS MiB": result.worker.peakProcessHwmMiB,
}));
printTable(
  `Webhook delivery: ${EVENTS} events × ${HEALTHY_RECEIVERS} healthy receivers at ${RATE} events/s`,
  rows,
);

const checks: TargetCheck[] = results.flatMap((result) => [
  // Paced, the worker keeps up with what is offered; with a backlog (--rate 0), it drains (issue 36).
  RATE > 0
    ? atLeast(`${result.scenario}: ≥ 500 deliveries/s`, result.healthyDeliveriesPerSecond, 500, "/s")
    : atLeast(
        `${result.scenario}: drains ≥ 3,000 deliveries/s`,
        result.healthyDeliveriesPerSecond,
        3000,
        "/s",
      ),
  ...(RATE > 0
    ? [
        atMost(
          `${result.scenario}: commit → first attempt p95 ≤ 500 ms`,
          result.commitToFirstAttempt.p95Ms,
          500,
          "ms",
        ),
      ]
    : []),
  atMost(`${result.scenario}: worker RSS ≤ 256 MiB`, result.worker.peakProcessHwmMiB, 256, "MiB"),
]);
const healthy = results.find((result) => result.scenario === "healthy");
const faulty = results.find((result) => result.scenario === "faulty");
if (healthy && faulty) {
  const change = (before: number, after: number) => (Math.abs(after - before) / before) * 100;
  checks.push(
    atMost(
      "faulty vs healthy: deliveries/s within 10 %",
      change(healthy.healthyDeliveriesPerSecond, faulty.healthyDeliveriesPerSecond),
      10,
      "%",
    ),
  );
  if (RATE > 0)
    checks.push(
      atMost(
        "faulty vs healthy: p95 within 10 %",
        change(healthy.commitToFirstAttempt.p95Ms, faulty.commitToFirstAttempt.p95Ms),
        10,
        "%",
      ),
    );
}
printTable("Targets", targetRows(checks));
console.log(
  `\nMarkdown for docs/performance.md:\n\n${markdownTable(rows)}\n\n${markdownTable(targetRows(checks))}`,
);

writeResult(args.name, {
  command: `npm run bench:webhooks -- ${process.argv.slice(2).join(" ")}`.trim(),
  machine,
  settings: {
    workerDir: args["worker-dir"],
    events: EVENTS,
    eventsPerSecond: RATE,
    healthyReceivers: HEALTHY_RECEIVERS,
    cpuProfile: args["cpu-prof"],
  },
  scenarios: results,
  targets: checks,
});
process.exit(0);

async function runScenario(scenario: ScenarioName): Promise<ScenarioResult> {
  console.log(`\n── ${scenario}: ${EVENTS} events at ${RATE || "full"} events/s`);
  await clearEventTables();
  const world = await createMovementWorld(factoryDb);
  const specs: ReceiverSpec[] = [
    ...Array.from({ length: HEALTHY_RECEIVERS }, () => 200),
    ...(scenario === "faulty" ? (["hang", 500] as const) : []),
  ];
  const receivers = await startReceiversProcess(specs);
  for (const url of receivers.urls) await registerEndpoint(createEndpointRoute, world, url);
  const arrivals = collectArrivals(receivers);

  const loadBefore = uptimeLine();
  let worker: ProcessGroup;
  let rss: RssSampler;
  let published: PublishedEvents;
  let windowStart: number;
  let cpuBefore: CpuSnapshot;
  if (RATE > 0) {
    worker = await startWorker(scenario);
    rss = sampleRss(worker.pid);
    windowStart = Date.now();
    cpuBefore = await cpuNow(worker.pid);
    published = await publishEventsAtRate(world, { count: EVENTS, perSecond: RATE });
  } else {
    // Backlog: everything is queued first; deliveries/s is then the worker's drain rate.
    published = await publishEventsAtRate(world, { count: EVENTS, perSecond: 0 });
    worker = await startWorker(scenario);
    rss = sampleRss(worker.pid);
    windowStart = Date.now();
    cpuBefore = await cpuNow(worker.pid);
  }
  console.log(`Published ${EVENTS} events in ${published.seconds.toFixed(1)} s; waiting for the deliveries…`);
  const complete = await arrivals.untilEach(EVENTS, WAIT_FOR_DELIVERIES_MS);
  const cpuAfter = await cpuNow(worker.pid);
  const workerRss = rss.stop();
  const loadAfter = uptimeLine();
  await worker.stop();
  await receivers.stop();

  const latencies: number[] = [];
  let lastArrival = 0;
  for (const firsts of arrivals.firstArrivalByReceiver) {
    for (const [eventId, arrivedAt] of firsts) {
      lastArrival = Math.max(lastArrival, arrivedAt);
      const committed = published.committedAt.get(eventId);
      if (committed !== undefined) latencies.push(arrivedAt - committed);
    }
  }
  const healthyDeliveries = arrivals.firstArrivalByReceiver.reduce((sum, firsts) => sum + firsts.size, 0);
  const result: ScenarioResult = {
    scenario,
    events: EVENTS,
    complete,
    publishedPerSecond: EVENTS / published.seconds,
    healthyDeliveries,
    healthyDeliveriesPerSecond: healthyDeliveries / ((lastArrival - windowStart) / 1000),
    faultyRequests: arrivals.faultyRequests(),
    duplicatesAtHealthy: arrivals.duplicates(),
    commitToFirstAttempt: latencySummary(RATE > 0 ? latencies : []),
    cpuMsPerDelivery: cpuPerDelivery(cpuBefore, cpuAfter, healthyDeliveries),
    worker: workerRss,
    loadBefore,
    loadAfter,
  };
  console.log(JSON.stringify(result));
  return result;
}

type CpuSnapshot = { workerMs: number; backendsMs: Map<number, number> };

/** The worker's CPU, and each PostgreSQL backend's of the bench database (by pid). */
async function cpuNow(workerPid: number): Promise<CpuSnapshot> {
  const backends = await sql<{
    pid: number;
  }>`SELECT pid FROM pg_stat_activity WHERE datname = ${database.name}`.execute(kysely());
  return {
    workerMs: processTreeCpuMs(workerPid),
    backendsMs: processesCpuMs(backends.rows.map((row) => row.pid)),
  };
}

function cpuPerDelivery(before: CpuSnapshot, after: CpuSnapshot, deliveries: number) {
  let postgresMs = 0;
  // A backend opened during the run started from zero; one closed meanwhile is not counted.
  for (const [pid, ms] of after.backendsMs) postgresMs += ms - (before.backendsMs.get(pid) ?? 0);
  const perDelivery = (ms: number) => Math.round((ms / Math.max(deliveries, 1)) * 1000) / 1000;
  return { worker: perDelivery(after.workerMs - before.workerMs), postgres: perDelivery(postgresMs) };
}

/**
 * Starts the worker as `npm start` does (bundled by server/bundles.mjs, or server/worker-bundle.mjs in a
 * checkout from before the API lane; run by plain node), or, for a checkout from before the bundle, as
 * `npm run worker` does (node + tsx); waits for "worker started".
 */
async function startWorker(scenario: ScenarioName): Promise<ProcessGroup> {
  const profileDir = path.join(PROJECT_ROOT, "bench/results/profiles");
  const profiling = args["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const bundler = ["server/bundles.mjs", "server/worker-bundle.mjs"]
    .map((file) => path.join(args["worker-dir"], file))
    .find((file) => existsSync(file));
  const bundled = bundler !== undefined;
  if (bundled) execFileSync(process.execPath, [bundler], { cwd: args["worker-dir"], stdio: "inherit" });
  const entry = bundled ? [".next/vms-worker/main.mjs"] : ["--import", "tsx", "lib/worker/main.ts"];
  const worker = startProcessGroup({
    command: process.execPath,
    args: [...profiling, "--conditions=react-server", ...entry],
    cwd: args["worker-dir"],
    env: { ...workerEnv, LOG_LEVEL: "info" },
    logName: `${args.name}.${scenario}.worker`,
  });
  const deadline = Date.now() + WORKER_READY_TIMEOUT_MS;
  while (!(existsSync(worker.logFile) && readFileSync(worker.logFile, "utf8").includes('"worker started"'))) {
    if (Date.now() > deadline) throw new Error(`The worker did not start: see ${worker.logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return worker;
}

/** First arrival of each event (by hook-id, the eventId) at each healthy receiver (the first five). */
function collectArrivals(receivers: ReceiversProcess) {
  const firstArrivalByReceiver = Array.from({ length: HEALTHY_RECEIVERS }, () => new Map<string, number>());
  let duplicates = 0;
  let faulty = 0;
  receivers.onArrivals((batch) => {
    for (const [index, eventId, arrivedAt] of batch) {
      const firsts = firstArrivalByReceiver[index];
      if (!firsts) faulty += 1;
      else if (firsts.has(eventId)) duplicates += 1;
      else firsts.set(eventId, arrivedAt);
    }
  });
  return {
    firstArrivalByReceiver,
    duplicates: () => duplicates,
    faultyRequests: () => faulty,
    /** Resolves true once every healthy receiver has every event, false after timeoutMs. */
    async untilEach(count: number, timeoutMs: number): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const least = Math.min(...firstArrivalByReceiver.map((firsts) => firsts.size));
        if (least >= count) return true;
        if (Date.now() > deadline) {
          console.log(`Gave up waiting: a healthy receiver has ${least} of ${count} events`);
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
}

/** Each scenario starts from empty event and delivery tables (the organisations stay). */
/**
 * No ANALYZE after the TRUNCATE: statistics that say "empty" make PostgreSQL plan (and cache, per
 * connection) the foreign-key checks of the worker's inserts as sequential scans, so every recorded attempt
 * scans the growing delivery table until autovacuum analyzes it again. TRUNCATE leaves the size unknown.
 */
async function clearEventTables(): Promise<void> {
  await sql`TRUNCATE "WebhookAttempt", "WebhookDelivery", "Event" CASCADE`.execute(kysely());
}
