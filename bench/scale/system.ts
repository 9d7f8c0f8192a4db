// Benchmark (issue 36 §1): the board from outside while the background work runs, at 1 M requests. The
// production server runs as `npm start` does: its web processes and the worker (`vms-worker`, forked
// by the same cluster), on the existing vms_bench_scale database (its migrations applied first, and any
// recon marks left rolled up, as the generator does). A steady RATE requests/s to the board, for SECONDS
// each, in three phases:
//   1. at-risk passes: the worker's minute passes as they come (incremental: the requests due), once the
//      worker has settled (its first passes made, no report day left dirty by an earlier run);
//   2. at-risk backlog: every open request due at once (as after the usual durations changed);
//   3. roll-up rebuild: DAYS days of the busiest organisation marked dirty (as a bulk import does).
// Reports p50/p95/p99 per phase, the load average, and the worker's passes (from the server's log).
//   npm run bench:system -- [--seconds 180] [--rate 1] [--days 730] [--port 3290] [--phases 1,2,3]
// With --mixed, the whole system with a streaming replica under a mixed load instead (system-mixed.ts):
//   npm run bench:system -- --mixed [--minutes 10] [--kill-at 5] [--port 3290]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { migrateAndSeed, withClient } from "@/bench/lib/database";
import { rollUpReconMarks } from "@/bench/scale/generate-scale-data";
import { latencySummary } from "@/bench/lib/latency-percentiles";
import { startProductionServer } from "@/bench/lib/production-server";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { sessionCookie } from "@/bench/lib/session-cookie";
import { printTable, type Row } from "@/bench/lib/table";
import { postgresVersion } from "@/bench/lib/postgres-version";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "180" },
    rate: { type: "string", default: "1" },
    days: { type: "string", default: "730" },
    port: { type: "string", default: "3290" },
    phases: { type: "string", default: "1,2,3" },
    mixed: { type: "boolean", default: false },
    minutes: { type: "string", default: "10" },
    "kill-at": { type: "string", default: "5" },
  },
});
if (args.mixed) {
  const { runMixedSystem } = await import("@/bench/scale/system-mixed");
  await runMixedSystem({
    minutes: Number(args.minutes),
    killAtMinutes: Number(args["kill-at"]),
    port: Number(args.port),
  });
  process.exit();
}
const SECONDS = Number(args.seconds);
const INTERVAL_MS = 1000 / Number(args.rate);
const DAYS = Number(args.days);
const PHASES = new Set(args.phases.split(",").map(Number));
const REQUEST_TIMEOUT_MS = 30_000;
const SETTLE_TIMEOUT_MS = 10 * 60_000;
const FIRST_PASSES_MS = 2 * 60_000;

const url = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
url.pathname = "/vms_bench_scale";
const databaseUrl = url.toString();
const machine = machineInfo(await postgresVersion());
console.log(`Load: ${machine.uptime}\nvms_bench_scale: applying any new migration…`);
await migrateAndSeed(databaseUrl);
const reconJobs = await rollUpReconMarks(databaseUrl);
if (reconJobs) console.log(`Recon roll-up back-fill: ${reconJobs} jobs`);

const server = await startProductionServer({ name: "system", port: Number(args.port), databaseUrl });
const workerStartedAt = performance.now();
const results: Row[] = [];
try {
  const cookie = await sessionCookie(server.baseUrl);
  const board = async () => {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/board`, {
      headers: { cookie },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, ok: response.ok };
  };
  for (let warm = 0; warm < 10; warm++) await board();
  await settled();

  /** RATE requests/s for SECONDS, each sent on time whether or not the last one answered. */
  const phase = async (name: string, prepare?: () => Promise<string>) => {
    const note = prepare ? await prepare() : "";
    const loadBefore = uptimeLine();
    const timings: Promise<{ ms: number; ok: boolean }>[] = [];
    const started = performance.now();
    for (let index = 0; index < SECONDS * (1000 / INTERVAL_MS); index++) {
      const due = started + index * INTERVAL_MS;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      timings.push(board().catch(() => ({ ms: REQUEST_TIMEOUT_MS, ok: false })));
    }
    const done = await Promise.all(timings);
    const summary = latencySummary(done.map((timing) => timing.ms));
    const row = {
      phase: name,
      ...summary,
      errors: done.filter((timing) => !timing.ok).length,
      note,
      load: loadAfterOf(loadBefore),
    };
    console.log(row);
    results.push(row);
  };

  if (PHASES.has(1)) await phase("at-risk passes (incremental)");
  if (PHASES.has(2)) {
    await phase("at-risk backlog (all open due)", () =>
      withClient(databaseUrl, async (client) => {
        const { rowCount } = await client.query(`UPDATE "MovementRequest" SET "atRiskCheckAt" = '1970-01-01'
          WHERE "status" NOT IN ('DELIVERED', 'CANCELLED', 'ABORTED')`);
        return `${rowCount} open requests due`;
      }),
    );
  }
  if (PHASES.has(3)) {
    await phase(`roll-up rebuild (${DAYS} days dirty)`, () =>
      withClient(databaseUrl, async (client) => {
        await client.query(
          `INSERT INTO "ReportDirtyDay" ("organisationId", "day")
           SELECT o."organisationId", d::date FROM
             (SELECT "organisationId" FROM "MovementRequest" GROUP BY 1 ORDER BY count(*) DESC LIMIT 1) o,
             generate_series(current_date - $1::int, current_date, interval '1 day') d`,
          [DAYS - 1],
        );
        return `${DAYS} days marked`;
      }),
    );
    const left = await withClient(databaseUrl, (client) =>
      client.query<{ days: string }>(
        `SELECT count(DISTINCT ("organisationId", "day")) AS days FROM "ReportDirtyDay"`,
      ),
    );
    results.at(-1)!.note += `; ${left.rows[0]?.days} days still dirty at the end`;
  }
} finally {
  await server.stop();
}

/**
 * Phase 1 measures the worker's usual passes, not what an earlier run or the data set's generation left
 * behind: it starts once the worker has run for two minutes (its first passes over every open request
 * made) and no report day is dirty (at most SETTLE_TIMEOUT_MS).
 */
async function settled(): Promise<void> {
  const started = performance.now();
  for (;;) {
    const dirty = await withClient(databaseUrl, (client) =>
      client.query<{ days: string }>(`SELECT count(*) AS days FROM "ReportDirtyDay"`),
    );
    const days = Number(dirty.rows[0]?.days);
    if (
      (performance.now() - workerStartedAt >= FIRST_PASSES_MS && days === 0) ||
      performance.now() - started > SETTLE_TIMEOUT_MS
    ) {
      console.log(
        `Settled after ${Math.round((performance.now() - started) / 1000)} s (${days} report days dirty)`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

const passes = readFileSync(server.logFile, "utf8")
  .split("\n")
  .filter((line) => /"message":"(at-risk pass|report roll-ups refreshed)"/.test(line));
printTable(`bench:system, board at ${args.rate}/s for ${SECONDS} s per phase`, results);
console.log(`\nWorker passes (${server.logFile}):\n${passes.join("\n")}`);
writeResult("system", { machine, seconds: SECONDS, rate: Number(args.rate), phases: results, passes });

function loadAfterOf(before: string): string {
  const average = (line: string) => line.replace(/.*load average: /, "");
  return `${average(before)} → ${average(uptimeLine())}`;
}
