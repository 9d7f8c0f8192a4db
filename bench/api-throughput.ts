// Benchmark 1 (issue #6): API throughput and latency of the production build on PostgreSQL, with
// autocannon, and the same create / get against a bare node:http server that runs the same functions
// (bench/reference-server.ts).
// Each endpoint runs at full load (closed loop, BENCH_CONNECTIONS requests in flight) and then at a
// fixed 200 requests/s (latency only). The server's peak RSS is sampled throughout. CPU per request is
// the web processes'; the worker's CPU (its own passes and outboxes) is reported per second beside it.
// Run: npm run bench:api   (BENCH_DURATION_SECONDS, BENCH_CONNECTIONS, BENCH_CPU_PROF=1 to profile,
// BENCH_ONLY=<text> to measure only the endpoints whose name contains it, e.g. "GET /v1/movement-requests/{id}";
// BENCH_DATABASE=<suffix> to run on the existing vms_bench_<suffix> instead of a fresh one;
// BENCH_TOP_STATEMENTS=1 to list each endpoint's costliest statements (pg_stat_statements);
// BENCH_TRACING=1 to run the server with tracing on, exporting to an OTLP receiver in this process;
// BENCH_API_PORT and BENCH_REFERENCE_PORT, default 3240 and 3241)
import path from "node:path";
import { createBenchDatabase, existingBenchDatabase, migrateAndSeed, withClient } from "@/bench/lib/database";
import { postgresVersion } from "@/bench/lib/postgres-version";
import {
  API_KEY,
  CREATE,
  FLOOR,
  GET_ONE,
  createRequestBody,
  createRequests,
  createScenario,
  floorScenario,
  getScenario,
  productScenarios,
  type Scenario,
} from "@/bench/lib/api-scenarios";
import { runLoad, warmUp, type LoadSummary } from "@/bench/lib/load";
import { processTreeCpuByRoleMs } from "@/bench/lib/cpu-time";
import { startOtlpReceiverProcess } from "@/bench/lib/otlp-receiver-process";
import { startProcessGroup, waitForHttp } from "@/bench/lib/process-group";
import { startProductionServer } from "@/bench/lib/production-server";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { sampleRss, type RssSummary } from "@/bench/lib/rss-sampler";
import { statementTimer } from "@/bench/lib/statement-time";
import { PROJECT_ROOT, benchServerEnv } from "@/bench/lib/server-env";
import { markdownTable, printTable, type Row } from "@/bench/lib/table";
import { workerSettled } from "@/bench/lib/worker-settled";
import { WORKER_BUNDLE } from "@/server/bundles.mjs";
import { atLeast, atMost, targetRows } from "@/bench/lib/targets";

const SERVER_PORT = Number(process.env.BENCH_API_PORT ?? 3240);
const REFERENCE_PORT = Number(process.env.BENCH_REFERENCE_PORT ?? 3241);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const FIXED_RATE = 200;
const ONLY = process.env.BENCH_ONLY;

type Measured = {
  name: string;
  target: "product" | "reference";
  fullLoad: LoadSummary;
  fixedRate: LoadSummary;
  /**
   * Server CPU (user + system) per request at full load, steadier than req/s on a busy machine: the web
   * processes' (and the primary's), which serve the request. The worker process works on its own clock
   * (passes, outboxes), whatever the request rate, so its CPU is reported apart, per second.
   */
  cpuMsPerRequest: number;
  workerCpuMsPerSecond: number;
  /** PostgreSQL's time in statements per request at full load (pg_stat_statements), when preloaded. */
  databaseMsPerRequest: number | null;
};

const machine = machineInfo(await postgresVersion());
console.log(`API throughput benchmark — ${machine.cpus} CPUs, ${machine.uptime}`);
// BENCH_DATABASE=scale: on the existing vms_bench_scale (1 M requests) rather than a fresh demo database,
// e.g. to weigh what the indexes of a large table cost a create (issue #38).
const database = process.env.BENCH_DATABASE
  ? existingBenchDatabase(process.env.BENCH_DATABASE)
  : await createBenchDatabase("api");
console.log(`Database ${database.name}: migrations and demo data…`);
await migrateAndSeed(database.url);
const statements = await statementTimer(database.url);

// Tracing's cost is the server's: the receiver decodes and counts the spans outside its processes.
const otlp = process.env.BENCH_TRACING === "1" ? await startOtlpReceiverProcess() : undefined;
console.log(`Tracing ${otlp ? `on, exporting to ${otlp.endpoint}` : "off"}`);
const cpuProfileDir = path.join(PROJECT_ROOT, "bench/results/profiles");
const profiling = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [];
const server = await startProductionServer({
  name: "api-throughput",
  port: SERVER_PORT,
  databaseUrl: database.url,
  env: otlp ? { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint } : {},
  nodeArgs: profiling,
});
const measured: Measured[] = [];
let serverRss: RssSummary;
try {
  await workerSettled(database.url);
  const rss = sampleRss(server.pid);
  const scenarios = await productScenarios(server.baseUrl);
  for (const scenario of selected(scenarios)) measured.push(await measure(scenario, "product", server.pid));
  serverRss = rss.stop();
} finally {
  await server.stop(); // releases the build lock before the reference runs
}

// The reference's creates leave the same outbox work (the tracking e-mail, the events) as the product's:
// the product's worker does it beside the reference too, so that both sides share the cores with it.
const referenceWorker = startProcessGroup({
  command: process.execPath,
  args: ["--conditions=react-server", WORKER_BUNDLE],
  env: benchServerEnv(database.url),
  logName: "api-throughput.reference-worker",
});
const reference = startProcessGroup({
  command: process.execPath,
  args: [...profiling, "--import", "tsx", "bench/reference-server.ts"],
  env: { ...benchServerEnv(database.url), PORT: String(REFERENCE_PORT), DATABASE_POOL_SIZE: "10" },
  logName: "api-throughput.reference",
});
let referenceRss: RssSummary;
try {
  const referenceUrl = `http://127.0.0.1:${REFERENCE_PORT}`;
  await waitForHttp(`${referenceUrl}/health`, reference, 30_000);
  const rss = sampleRss(reference.pid);
  for (const scenario of selected(await referenceScenarios(referenceUrl))) {
    measured.push(await measure(scenario, "reference", reference.pid));
  }
  referenceRss = rss.stop();
} finally {
  await Promise.all([reference.stop(), referenceWorker.stop()]);
}

report();
if (otlp) {
  console.log(`Spans received from the server: ${await otlp.stop()}`);
}

function selected(scenarios: Scenario[]): Scenario[] {
  return ONLY ? scenarios.filter((scenario) => scenario.name.includes(ONLY)) : scenarios;
}

async function measure(scenario: Scenario, target: Measured["target"], serverPid: number): Promise<Measured> {
  console.log(
    `\n${target}: ${scenario.name} — warm-up, ${DURATION_SECONDS} s full load, ${DURATION_SECONDS} s at ${FIXED_RATE}/s`,
  );
  await warmUp({ ...scenario.load, durationSeconds: 3, connections: CONNECTIONS });
  await statements?.reset();
  const cpuBefore = processTreeCpuByRoleMs(serverPid);
  const fullLoad = await runLoad({
    ...scenario.load,
    durationSeconds: DURATION_SECONDS,
    connections: CONNECTIONS,
  });
  const cpuAfter = processTreeCpuByRoleMs(serverPid);
  const cpuMsPerRequest = round((cpuAfter.webMs - cpuBefore.webMs) / Math.max(fullLoad.requests, 1));
  const workerCpuMsPerSecond = round((cpuAfter.workerMs - cpuBefore.workerMs) / DURATION_SECONDS);
  // The worker's statements in the same seconds are counted in: a few passes over the demo data.
  const databaseTime = await statements?.read();
  if (statements && process.env.BENCH_TOP_STATEMENTS) console.table(await statements.top(12));
  const databaseMsPerRequest = databaseTime ? round(databaseTime.ms / Math.max(fullLoad.requests, 1)) : null;
  const fixedRate = await runLoad({
    ...scenario.load,
    durationSeconds: DURATION_SECONDS,
    connections: CONNECTIONS,
    overallRate: FIXED_RATE,
  });
  console.log(
    `  ${fullLoad.requestsPerSecond} req/s (${cpuMsPerRequest} ms CPU each, ${databaseMsPerRequest ?? "?"} ms in PostgreSQL; worker ${workerCpuMsPerSecond} ms/s), p99 ${fullLoad.p99Ms} ms; at ${FIXED_RATE}/s p99 ${fixedRate.p99Ms} ms`,
  );
  return {
    name: scenario.name,
    target,
    fullLoad,
    fixedRate,
    cpuMsPerRequest,
    workerCpuMsPerSecond,
    databaseMsPerRequest,
  };
}

async function referenceScenarios(baseUrl: string): Promise<Scenario[]> {
  const sites = await withClient(database.url, (client) =>
    client.query<{ id: string }>(
      `SELECT s."id" FROM "Site" s JOIN "Profile" p ON p."organisationId" = s."organisationId"
       JOIN "ApiKey" k ON k."profileId" = p."id" WHERE k."prefix" = $1 AND s."countryCode" = 'GB'
       AND NOT s."isPrepSite" ORDER BY s."name", s."id" LIMIT 2`,
      [API_KEY.slice(0, 12)],
    ),
  );
  const [origin, destination] = sites.rows;
  if (!origin || !destination) throw new Error("No two GB sites for the reference");
  const createBody = JSON.stringify(createRequestBody(origin.id, destination.id));
  const requestIds = await createRequests(baseUrl, createBody);
  return [
    floorScenario(`${baseUrl}/health`),
    createScenario(baseUrl, createBody),
    getScenario(baseUrl, requestIds),
  ];
}

function report(): void {
  const find = (name: string, target: Measured["target"]) =>
    measured.find((entry) => entry.name === name && entry.target === target);
  // CPU per request above each server's own floor: what our code costs, without the HTTP stack's share.
  const aboveFloor = (entry?: Measured) => {
    const floor = entry && find(FLOOR, entry.target);
    return entry && floor ? round(entry.cpuMsPerRequest - floor.cpuMsPerRequest) : NaN;
  };
  const rows: Row[] = measured.map((entry) => ({
    target: entry.target,
    endpoint: entry.name,
    "req/s": entry.fullLoad.requestsPerSecond,
    "CPU ms/req": entry.cpuMsPerRequest,
    "worker CPU ms/s": entry.target === "product" ? entry.workerCpuMsPerSecond : "—",
    "CPU ms above floor": entry.name === FLOOR ? "—" : aboveFloor(entry),
    "PostgreSQL ms/req": entry.databaseMsPerRequest ?? "—",
    "p50 ms": entry.fullLoad.p50Ms,
    "p99 ms": entry.fullLoad.p99Ms,
    "max ms": entry.fullLoad.maxMs,
    errors: entry.fullLoad.errors + entry.fullLoad.non2xx,
    [`@${FIXED_RATE}/s p50 ms`]: entry.fixedRate.p50Ms,
    [`@${FIXED_RATE}/s p99 ms`]: entry.fixedRate.p99Ms,
    [`@${FIXED_RATE}/s max ms`]: entry.fixedRate.maxMs,
    [`@${FIXED_RATE}/s errors`]: entry.fixedRate.errors + entry.fixedRate.non2xx,
  }));
  printTable(
    `Full load (${CONNECTIONS} connections, ${DURATION_SECONDS} s) and ${FIXED_RATE} requests/s`,
    rows,
  );

  const create = find(CREATE, "product");
  const get = find(GET_ONE, "product");
  const createReference = find(CREATE, "reference");
  const getReference = find(GET_ONE, "reference");
  const withKey = find(`${CREATE} (Idempotency-Key)`, "product");
  const floorRatio = (product?: Measured, reference?: Measured) =>
    round(aboveFloor(product) / aboveFloor(reference));
  const worstFixedP99 = Math.max(
    ...measured.filter((entry) => entry.target === "product").map((e) => e.fixedRate.p99Ms),
  );
  const ratio = (reference?: Measured, product?: Measured) =>
    reference && product
      ? reference.fullLoad.requestsPerSecond / Math.max(product.fullLoad.requestsPerSecond, 1)
      : NaN;
  const checks = [
    atMost(
      `create: CPU above the floor ≤ 2× the reference's (${aboveFloor(create)} against ${aboveFloor(createReference)} ms)`,
      floorRatio(create, createReference),
      2,
      "×",
    ),
    atMost(
      `get: CPU above the floor ≤ 2× the reference's (${aboveFloor(get)} against ${aboveFloor(getReference)} ms)`,
      floorRatio(get, getReference),
      2,
      "×",
    ),
    atMost(
      "an Idempotency-Key ≤ 1.2× a create's CPU",
      withKey && create ? round(withKey.cpuMsPerRequest / create.cpuMsPerRequest) : NaN,
      1.2,
      "×",
    ),
    atLeast("create ≥ 500 req/s at full load", create?.fullLoad.requestsPerSecond ?? 0, 500, "req/s"),
    atLeast("get ≥ 1,500 req/s at full load", get?.fullLoad.requestsPerSecond ?? 0, 1500, "req/s"),
    atMost(`p99 ≤ 50 ms at ${FIXED_RATE} req/s (worst endpoint)`, worstFixedP99, 50, "ms"),
    atMost(
      "create within 2× of the bare reference (reference ÷ product)",
      ratio(createReference, create),
      2,
      "×",
    ),
    atMost("get within 2× of the bare reference (reference ÷ product)", ratio(getReference, get), 2, "×"),
    atMost("server peak RSS ≤ 512 MiB (sum over its processes)", serverRss.peakTreeRssMiB, 512, "MiB"),
  ];
  printTable("Targets", targetRows(checks));
  const memory = [
    {
      process: "product server (start.mjs tree)",
      "peak RSS MiB": serverRss.peakTreeRssMiB,
      "shared pages once MiB": serverRss.peakTreeSharedOnceMiB,
      "peak VmHWM MiB": serverRss.peakProcessHwmMiB,
      "peak RssAnon MiB": "—",
    },
    ...serverRss.processes.map((each) => ({
      process: `  ${each.title} (${each.pid})`,
      "peak RSS MiB": "—",
      "shared pages once MiB": "—",
      "peak VmHWM MiB": each.hwmMiB,
      "peak RssAnon MiB": each.peakAnonMiB,
    })),
    {
      process: "reference server",
      "peak RSS MiB": referenceRss.peakTreeRssMiB,
      "shared pages once MiB": referenceRss.peakTreeSharedOnceMiB,
      "peak VmHWM MiB": referenceRss.peakProcessHwmMiB,
      "peak RssAnon MiB": "—",
    },
  ];
  printTable("Memory", memory);
  console.log(
    `\nMarkdown for docs/performance.md:\n\n${markdownTable(rows)}\n\n${markdownTable(targetRows(checks))}\n\n${markdownTable(memory)}`,
  );
  writeResult("api-throughput", {
    command: "npm run bench:api",
    machine,
    loadAtEnd: uptimeLine(),
    settings: {
      durationSeconds: DURATION_SECONDS,
      connections: CONNECTIONS,
      fixedRate: FIXED_RATE,
      database: database.name,
    },
    results: measured,
    memory: { server: serverRss, reference: referenceRss },
    targets: checks,
  });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
