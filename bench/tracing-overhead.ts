// Benchmark (issue #18): what tracing costs the server per request. Two production servers, each on its
// own copy of the demo data: one with tracing off, one exporting over OTLP to a receiver in a process of
// its own (bench/lib/otlp-receiver-process.ts says why), with the default sampler. They are loaded
// in turns, off then on, then on then off, and so on, so that whatever else the machine does weighs on
// both alike; one run after the other (bench:api twice) moved a figure by 20 % on its own.
// Each turn runs one scenario at full load and measures each server's CPU ms per request (user +
// system, all its processes). A turn's ratio, "on" against the "off" beside it, scatters by 10–40 points
// on a 2-core machine, so each process start's figure is the median of many turns' ratios. And a pair
// of processes of the same code can stay several per cent apart for as long as they run (what V8 made
// of each), so both servers are started afresh several times: the figure is the mean of the starts'
// medians, with a 95 % bootstrap interval over both. BENCH_CONTROL=1 starts both servers without
// tracing: the method's own error (docs/performance.md). BENCH_BASELINE=nothing-sampled makes the "off"
// server a traced one whose sampler keeps nothing (`always_off`): what the sampled requests cost, apart
// from what tracing costs by being on.
// Both databases are created afresh for every start, so that a start's rows do not slow the next, and
// which server starts first swaps every start.
// Each server runs one web process (WEB_CONCURRENCY=1, BENCH_WEB_PROCESSES to change it), which runs the
// webhook worker too: with one per core, each turn's new connections fell differently on the two
// processes, only the first of which runs the worker, and the control's starts were up to 7 % apart;
// with one, its intervals are ±2–5 points. BENCH_WORKER_IN_PROCESS=false leaves the worker out: its
// timed work (the e-mail outbox every second, the minute's maintenance) fell in one turn and not the
// next, and is not any request's.
// Metrics are on in both (the front door records every request): their own cost per request is timed
// here in-process, the route-template match and the counter and histogram, against the floor's CPU.
//   npm run bench:overhead   (BENCH_STARTS=3, BENCH_TURNS=10, BENCH_TURN_SECONDS=3, BENCH_WARM_UP_SECONDS=8,
//                             BENCH_CONNECTIONS=10, BENCH_CONTROL=1, BENCH_WEB_PROCESSES=1,
//                             BENCH_WORKER_IN_PROCESS=true|false,
//                             BENCH_BASELINE=untraced|nothing-sampled,
//                             BENCH_ONLY=<text>[,<text>…] for the scenarios whose name contains one)
import { productScenarios, type Scenario } from "@/bench/lib/api-scenarios";
import { processTreeThreadCpuMs } from "@/bench/lib/cpu-time";
import { startOtlpReceiverProcess } from "@/bench/lib/otlp-receiver-process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createBenchDatabase, migrateAndSeed } from "@/bench/lib/database";
import { runLoad, warmUp } from "@/bench/lib/load";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { startProductionServer, type ProductionServer } from "@/bench/lib/production-server";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { PROJECT_ROOT } from "@/bench/lib/server-env";
import {
  median,
  round,
  signed,
  summary,
  type Result,
  type Side,
  type Turn,
} from "@/bench/lib/overhead-summary";
import { markdownTable, printTable, type Row } from "@/bench/lib/table";
import { tracingEnv } from "@/bench/lib/tracing-sides";
import { recordHttpRequest, routeTemplateMatcher } from "@/lib/metrics/process-metrics.mjs";

const STARTS = Number(process.env.BENCH_STARTS ?? 3);
const TURNS = Number(process.env.BENCH_TURNS ?? 10);
const TURN_SECONDS = Number(process.env.BENCH_TURN_SECONDS ?? 3);
// The first turns after a 3 s warm-up still ran 20–50 % slower than the later ones (V8 optimising).
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY?.split(",");
const CONTROL = process.env.BENCH_CONTROL === "1";
const BASELINE = process.env.BENCH_BASELINE ?? "untraced";
if (BASELINE !== "untraced" && BASELINE !== "nothing-sampled") {
  throw new Error(`BENCH_BASELINE must be untraced or nothing-sampled, not ${BASELINE}`);
}
const NOTHING_SAMPLED_BASELINE = BASELINE === "nothing-sampled";
const WEB_PROCESSES = process.env.BENCH_WEB_PROCESSES ?? "1";
const WORKER_IN_PROCESS = process.env.BENCH_WORKER_IN_PROCESS ?? "true";

const machine = machineInfo(await postgresVersion());
/** What the "off" server is, when it is not simply untraced: said in every heading. */
const offServerNote = CONTROL
  ? " (control: tracing off on both servers)"
  : NOTHING_SAMPLED_BASELINE
    ? " (baseline: traced, nothing sampled)"
    : "";
console.log(`Tracing overhead benchmark${offServerNote} — ${machine.cpus} CPUs, ${machine.uptime}`);
const otlp = await startOtlpReceiverProcess();
const results: Result[] = [];
for (let start = 0; start < STARTS; start += 1) {
  console.log(`\nProcess start ${start + 1} of ${STARTS}`);
  await runStart(start);
}
const spans = await otlp.stop();

const metricsMicroseconds = metricsCostPerRequest();
const rows: Row[] = results.map(({ name, starts }) => summary(starts, name));
printTable(
  `CPU ms per request, ${STARTS} process starts × ${TURNS} turns of ${TURN_SECONDS} s (${CONNECTIONS} connections, ${WEB_PROCESSES} web process(es) each${WORKER_IN_PROCESS === "false" ? ", no worker" : ""})${offServerNote}`,
  rows,
);
console.log(`Spans received from the traced server: ${spans}. Load at the end: ${uptimeLine()}`);
const floorOff = rows.find((row) => String(row.scenario).startsWith("floor"))?.["off ms"];
console.log(
  `Metrics: ${metricsMicroseconds} µs of CPU per request (route template, counter, histogram)` +
    (typeof floorOff === "number"
      ? `, ${signed(metricsMicroseconds / 1000 / floorOff)} of the floor's CPU`
      : ""),
);
console.log(`\nMarkdown for docs/performance.md:\n\n${markdownTable(rows)}`);
writeResult("tracing-overhead", {
  command: "npm run bench:overhead",
  machine,
  loadAtEnd: uptimeLine(),
  settings: {
    starts: STARTS,
    turns: TURNS,
    turnSeconds: TURN_SECONDS,
    warmUpSeconds: WARM_UP_SECONDS,
    connections: CONNECTIONS,
    control: CONTROL,
    baseline: BASELINE,
    webProcesses: WEB_PROCESSES,
    workerInProcess: WORKER_IN_PROCESS,
  },
  results,
  spansReceived: spans,
  metricsMicrosecondsPerRequest: metricsMicroseconds,
});

/** A fresh copy of the demo data: the creates and PATCHes of a start must not weigh on the next. */
async function benchDatabase(side: Side): Promise<string> {
  const database = await createBenchDatabase(`overhead_${side}`);
  console.log(`Database ${database.name}: migrations and demo data…`);
  await migrateAndSeed(database.url);
  return database.url;
}

/** Both servers started afresh on fresh databases, every scenario's turns on them, and both stopped. */
async function runStart(start: number): Promise<void> {
  const servers: Partial<Record<Side, ProductionServer>> = {};
  const traced = tracingEnv(CONTROL ? "untraced" : "default", otlp.endpoint);
  const baseline = tracingEnv(CONTROL ? "untraced" : BASELINE, otlp.endpoint);
  try {
    // One after the other: the first may build `.next`. Which starts first swaps every start, so that
    // neither is always the one whose database and process came second. Both databases are seeded
    // before either server starts: seeded one server at a time, the server that started first measured
    // 7–8 % dearer than the other in a control; with both seeded first, one control showed no such
    // difference (docs/performance.md).
    const sides: Side[] = start % 2 === 0 ? ["off", "on"] : ["on", "off"];
    const databases: Partial<Record<Side, string>> = {};
    for (const side of sides) databases[side] = await benchDatabase(side);
    for (const side of sides) {
      const port = side === "off" ? 3242 : 3243;
      servers[side] = await startServer(side, port, databases[side]!, side === "on" ? traced : baseline);
    }
    const started = servers as Record<Side, ProductionServer>;
    const selected = (all: Scenario[]) =>
      all.filter((scenario) => !ONLY || ONLY.some((part) => scenario.name.includes(part)));
    const scenarios = {
      off: selected(await productScenarios(started.off.baseUrl)),
      on: selected(await productScenarios(started.on.baseUrl)),
    };
    // Every scenario warms both servers before any is measured: the first scenario measured came out
    // several points dearer on the traced server than the same work measured after it (docs/performance.md).
    for (const scenario of [...scenarios.off, ...scenarios.on]) await warmUpOn(scenario);
    for (const [index, offScenario] of scenarios.off.entries()) {
      const onScenario = scenarios.on[index]!;
      const turns = await runTurns(started, offScenario, onScenario);
      let result = results.find((each) => each.name === offScenario.name);
      if (!result) results.push((result = { name: offScenario.name, starts: [] }));
      result.starts[start] = turns;
      const { "on ÷ off": ratio, "95 % interval": interval } = summary([turns]);
      console.log(`  ${offScenario.name}: ${ratio} (95 %: ${interval})`);
    }
  } finally {
    await servers.on?.stop();
    await servers.off?.stop();
  }
}

async function startServer(
  side: Side,
  port: number,
  databaseUrl: string,
  env: Record<string, string>,
): Promise<ProductionServer> {
  return startProductionServer({
    name: `tracing-overhead-${side}`,
    port,
    databaseUrl,
    env: { WEB_CONCURRENCY: WEB_PROCESSES, RUN_WORKER_IN_PROCESS: WORKER_IN_PROCESS, ...env },
  });
}

function warmUpOn(scenario: Scenario): Promise<void> {
  return warmUp(
    { ...scenario.load, durationSeconds: WARM_UP_SECONDS, connections: CONNECTIONS },
    WARM_UP_SECONDS,
  );
}

/** A warm-up on each server, then the turns: off then on, on then off, and so on. */
async function runTurns(
  servers: Record<Side, ProductionServer>,
  offScenario: Scenario,
  onScenario: Scenario,
): Promise<Turn[]> {
  for (const scenario of [offScenario, onScenario]) await warmUpOn(scenario);
  const turns: Turn[] = [];
  for (let turn = 0; turn < TURNS; turn += 1) {
    const order: Array<[Side, Scenario]> = [
      ["off", offScenario],
      ["on", onScenario],
    ];
    for (const [side, scenario] of turn % 2 === 0 ? order : order.reverse()) {
      turns.push(await loadTurn(side, scenario, servers[side].pid));
    }
  }
  return turns;
}

async function loadTurn(side: Side, scenario: Scenario, pid: number): Promise<Turn> {
  const before = processTreeThreadCpuMs(pid);
  const load = await runLoad({ ...scenario.load, durationSeconds: TURN_SECONDS, connections: CONNECTIONS });
  const after = processTreeThreadCpuMs(pid);
  const requests = Math.max(load.requests, 1);
  const mainThreadMsPerRequest = (after.mainMs - before.mainMs) / requests;
  const otherThreadsMsPerRequest = (after.otherThreadsMs - before.otherThreadsMs) / requests;
  if (load.errors + load.non2xx > 0) console.log(`  ${side}: ${load.errors} errors, ${load.non2xx} not 2xx`);
  return {
    side,
    cpuMsPerRequest: mainThreadMsPerRequest + otherThreadsMsPerRequest,
    mainThreadMsPerRequest,
    requestsPerSecond: load.requestsPerSecond,
  };
}

/** The front door's metrics work for one request to a dynamic API route, in µs (median of 5 × 100,000). */
function metricsCostPerRequest(): number {
  const manifest = JSON.parse(readFileSync(path.join(PROJECT_ROOT, ".next/routes-manifest.json"), "utf8"));
  const routeOf = routeTemplateMatcher(manifest);
  const rounds = Array.from({ length: 5 }, () => {
    const started = process.cpuUsage();
    for (let index = 0; index < 100_000; index += 1) {
      const route = routeOf(`/v1/movement-requests/01KBENCH${index % 1000}/events`);
      recordHttpRequest({ route, method: "GET", status: 200, seconds: 0.004 });
    }
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 100_000;
  });
  return round(median(rounds));
}
