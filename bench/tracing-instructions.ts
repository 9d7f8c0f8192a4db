// What tracing costs per request (issue #18), counted in instructions rather than CPU seconds. On this
// 2-core virtual machine CPU time per request drifts by 10 % and more between runs and between process
// starts (docs/performance.md), more than the 5 % to be shown. Valgrind's callgrind counts the
// instructions a process executes, whatever else the machine does. Each side's production server runs
// under it (one web process, no webhook worker in it: the worker's timers would count as much as the
// requests when everything runs some 50 times slower); it is warmed up with the counting off, then
// counted over windows of a fixed number of requests of each scenario. Counting changes what the
// processor does (no caches, threads serialised), so this is the work tracing adds, not its time.
//   npm run bench:instructions   (BENCH_SIDES=untraced,nothing-sampled,default; BENCH_ONLY=<text>[,<text>…],
//                                 each the first scenario whose name holds it, default
//                                 "sites,create-in-planning-pool"; BENCH_WARM_UP_REQUESTS=3000;
//                                 BENCH_WINDOWS=4; BENCH_WINDOW_REQUESTS=150;
//                                 BENCH_V8_FLAGS="--single-threaded --predictable-gc-schedule")
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { productScenarios, type Scenario } from "@/bench/lib/api-scenarios";
import {
  callgrindControl,
  callgrindLauncher,
  lastDumpSplit,
  type InstructionSplit,
} from "@/bench/lib/callgrind";
import { createBenchDatabase, migrateAndSeed } from "@/bench/lib/database";
import { runLoad } from "@/bench/lib/load";
import { startOtlpReceiverProcess } from "@/bench/lib/otlp-receiver-process";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { startProductionServer } from "@/bench/lib/production-server";
import { machineInfo, writeResult } from "@/bench/lib/results";
import { processTree } from "@/bench/lib/rss-sampler";
import { PROJECT_ROOT } from "@/bench/lib/server-env";
import { printTable, type Row } from "@/bench/lib/table";
import { tracingEnv, tracingSides } from "@/bench/lib/tracing-sides";

const SIDES = tracingSides(process.env.BENCH_SIDES ?? "untraced,nothing-sampled,default");
const ONLY = (process.env.BENCH_ONLY ?? "sites,create-in-planning-pool").split(",");
const WARM_UP_REQUESTS = Number(process.env.BENCH_WARM_UP_REQUESTS ?? 3000);
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 4);
const WINDOW_REQUESTS = Number(process.env.BENCH_WINDOW_REQUESTS ?? 150);
/** After the counting is switched on, valgrind translates the code again: these are not counted. */
const RETRANSLATE_REQUESTS = 20;
/**
 * V8 without helper threads and with a garbage-collection schedule that does not go by the clock: counted,
 * a process runs some fifty times slower, one thread at a time, and V8's compiling on helper threads and
 * its collecting by time made the counts of compilation and collection differ from window to window and
 * from side to side by more than the budget (docs/performance.md, "Counted in instructions").
 * BENCH_V8_FLAGS="" counts V8 as it runs in production.
 */
const V8_FLAGS = (process.env.BENCH_V8_FLAGS ?? "--single-threaded --predictable-gc-schedule")
  .split(" ")
  .filter(Boolean);
/** The first side's port; the others take the next ones. */
const FIRST_PORT = 3245;
/** Valgrind names its control pipes after HOSTNAME, which the bench environment sets to this. */
const SERVER_HOSTNAME = "127.0.0.1";
/**
 * One request at a time: valgrind runs one thread at a time, and with two in flight a create was
 * refused, most likely after the pool's 3 s wait for a connection.
 */
const CONNECTIONS = 1;
/** Longer than any run: batches leave by size only. */
const EXPORT_DELAY_MS = 24 * 3600_000;
/** Generous: under callgrind a create takes a second or more. */
const WINDOW_BOUND_SECONDS = 3600;
/**
 * Just after the counting was switched on, creates went unanswered at autocannon's 10 s (valgrind
 * translating the code again).
 */
const REQUEST_TIMEOUT_SECONDS = 300;

type Window = InstructionSplit & { requests: number };
type SideResult = { side: string; scenarios: Array<{ name: string; windows: Window[] }> };

const machine = machineInfo(await postgresVersion());
const otlp = await startOtlpReceiverProcess();
const databases = new Map<string, string>();
for (const side of SIDES) {
  const database = await createBenchDatabase(`instructions_${side}`);
  await migrateAndSeed(database.url);
  databases.set(side, database.url);
}
// All sides at once: what one counts does not depend on what the others do to the machine. A side that
// fails is reported and the others go on.
const settled = await Promise.allSettled(SIDES.map((side, index) => countSide(side, FIRST_PORT + index)));
await otlp.stop();
const results: SideResult[] = [];
for (const [index, outcome] of settled.entries()) {
  if (outcome.status === "fulfilled") results.push(outcome.value);
  else {
    console.error(`${SIDES[index]}: failed`, outcome.reason);
    process.exitCode = 1;
  }
}
report(results);

async function countSide(side: string, port: number): Promise<SideResult> {
  const directory = path.join(PROJECT_ROOT, "bench/results/callgrind", side);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const server = await startProductionServer({
    name: `tracing-instructions-${side}`,
    port,
    databaseUrl: databases.get(side)!,
    env: {
      WEB_CONCURRENCY: "1",
      RUN_WORKER_IN_PROCESS: "false",
      HOSTNAME: SERVER_HOSTNAME,
      ...tracingEnv(side, otlp.endpoint),
      // A batch of spans goes out when 512 have finished, not every 5 s: counted, a window takes some
      // fifty times longer than at full speed, and its timed exports would weigh fifty times more on
      // each request. At the full load of bench:overhead a 5 s batch holds a few hundred spans.
      OTEL_BSP_SCHEDULE_DELAY: String(EXPORT_DELAY_MS),
    },
    launcher: callgrindLauncher(directory),
    nodeArgs: V8_FLAGS,
  });
  try {
    const web = webProcessPid(server.pid);
    const control = (command: string) => callgrindControl(web, command, SERVER_HOSTNAME);
    const all = await productScenarios(server.baseUrl);
    const counted: SideResult["scenarios"] = [];
    // For each text, the first scenario whose name holds it (the plain create before the keyed one).
    for (const text of ONLY) {
      const scenario = all.find((each) => each.name.includes(text));
      if (!scenario) throw new Error(`no scenario's name contains ${text}`);
      control("--instr=off");
      await requests(scenario, WARM_UP_REQUESTS);
      control("--instr=on");
      await requests(scenario, RETRANSLATE_REQUESTS);
      const windows: Window[] = [];
      for (let window = 0; window < WINDOWS; window += 1) {
        control("--zero");
        const done = await requests(scenario, WINDOW_REQUESTS);
        control("--dump");
        windows.push({ requests: done, ...lastDumpSplit(directory, web) });
        console.log(`${side}, ${scenario.name}: ${describe(windows.slice(-1))}`);
      }
      counted.push({ name: scenario.name, windows });
    }
    return { side, scenarios: counted };
  } finally {
    await server.stop();
  }
}

/** Sends the scenario's requests and returns how many were answered; any failure stops the run. */
async function requests(scenario: Scenario, amount: number): Promise<number> {
  const load = await runLoad({
    ...scenario.load,
    connections: CONNECTIONS,
    durationSeconds: WINDOW_BOUND_SECONDS,
    amount,
    timeoutSeconds: REQUEST_TIMEOUT_SECONDS,
  });
  if (load.errors + load.non2xx > 0) {
    throw new Error(
      `${scenario.name}: ${load.errors} of ${load.requests} requests unanswered, ${load.non2xx} not 2xx`,
    );
  }
  return load.requests;
}

/** The web process under the start script (its cluster primary): the one running web-process.mjs. */
function webProcessPid(rootPid: number): number {
  const web = processTree(rootPid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("web-process.mjs");
    } catch {
      return false; // exited meanwhile
    }
  });
  if (web === undefined) throw new Error(`no web process under ${rootPid}`);
  return web;
}

/** Instructions per request over the windows together, and their split. */
function perRequest(windows: Window[]) {
  const sum = (key: keyof Window) => windows.reduce((total, window) => total + window[key], 0);
  const requests = sum("requests");
  const total = sum("total") / requests;
  const garbageCollection = sum("garbageCollection") / requests;
  const compilation = sum("compilation") / requests;
  return { total, garbageCollection, compilation, rest: total - garbageCollection - compilation };
}

function describe(windows: Window[]): string {
  const figure = perRequest(windows);
  const millions = (value: number) => `${(value / 1e6).toFixed(2)} M`;
  return (
    `${millions(figure.total)} instructions a request (garbage collection ${millions(figure.garbageCollection)}, ` +
    `compilation ${millions(figure.compilation)}, the rest ${millions(figure.rest)})`
  );
}

/** Instructions per request by side and scenario over all windows, against the first side. */
function report(sides: SideResult[]): void {
  const [base] = sides;
  const change = (value: number, baseValue: number) => {
    const ratio = value / baseValue - 1;
    return `${ratio >= 0 ? "+" : ""}${(ratio * 100).toFixed(1)} %`;
  };
  const millions = (value: number) => (value / 1e6).toFixed(3);
  const rows: Row[] = sides.flatMap(({ side, scenarios }) =>
    scenarios.map(({ name, windows }) => {
      const figure = perRequest(windows);
      const baseFigure = perRequest(base?.scenarios.find((each) => each.name === name)?.windows ?? []);
      const restByWindow = windows.map(
        (window) => (window.total - window.garbageCollection - window.compilation) / window.requests,
      );
      return {
        side,
        scenario: name,
        "M instructions a request": millions(figure.total),
        [`against ${base?.side}`]: change(figure.total, baseFigure.total),
        "garbage collection": millions(figure.garbageCollection),
        compilation: millions(figure.compilation),
        "the rest": millions(figure.rest),
        "the rest's windows": `${millions(Math.min(...restByWindow))} … ${millions(Math.max(...restByWindow))}`,
        [`the rest against ${base?.side}`]: change(figure.rest, baseFigure.rest),
      };
    }),
  );
  printTable(
    `Instructions per request under callgrind, ${WINDOWS} windows of ${WINDOW_REQUESTS} requests after ${WARM_UP_REQUESTS} uncounted, per side`,
    rows,
  );
  writeResult("tracing-instructions", {
    machine,
    settings: {
      warmUpRequests: WARM_UP_REQUESTS,
      windows: WINDOWS,
      windowRequests: WINDOW_REQUESTS,
      v8Flags: V8_FLAGS,
    },
    sides,
  });
}
