// Where tracing's cost goes (issue #18): CPU profiles of production servers that differ only in their
// tracing (untraced, traced with nothing sampled, traced at the default sampling), each given the same
// requests of one scenario at the same fixed rate, then compared function by function in ms per 1,000
// requests. bench/tracing-overhead.ts measures how much; this says where. Only the samples taken while
// the fixed-rate load ran count (the profile's clock is the monotonic one, as process.hrtime's).
//   npm run bench:profile   (BENCH_ONLY=<scenario text>, default "sites"; BENCH_SIDES=untraced,nothing-sampled,default
//                            or everything; BENCH_RATE=300 requests/s, below what one web process serves of the
//                            scenario; BENCH_PROFILE_SECONDS=30; BENCH_WARM_UP_SECONDS=10)
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { productScenarios } from "@/bench/lib/api-scenarios";
import { summariseCpuProfile, type SelfTime } from "@/bench/lib/cpu-profile-summary";
import { processTreeThreadCpuMs } from "@/bench/lib/cpu-time";
import { createBenchDatabase, migrateAndSeed } from "@/bench/lib/database";
import { runLoad, warmUp } from "@/bench/lib/load";
import { startOtlpReceiverProcess } from "@/bench/lib/otlp-receiver-process";
import { startProductionServer } from "@/bench/lib/production-server";
import { PROJECT_ROOT } from "@/bench/lib/server-env";
import { tracingEnv, tracingSides } from "@/bench/lib/tracing-sides";

const SIDES = tracingSides(process.env.BENCH_SIDES ?? "untraced,nothing-sampled,default");
const ONLY = process.env.BENCH_ONLY ?? "sites";
const RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 30);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const TOP = 40;

const otlp = await startOtlpReceiverProcess();

type SideProfile = {
  side: string;
  requests: number;
  /** CPU time from /proc over the load (a profile counts wall time, preempted time included). */
  cpu: { mainMs: number; otherThreadsMs: number };
  byFunction: Map<string, number>;
  /** Tracing's own code (tracingCodeOf), ms by package or file. */
  tracingCode: Map<string, number>;
  totalMs: number;
};
const profiles: SideProfile[] = [];
// Every database is seeded before any server starts (bench/tracing-overhead.ts says why).
const databases = new Map<string, string>();
for (const side of SIDES) {
  const database = await createBenchDatabase(`profile_${side}`);
  await migrateAndSeed(database.url);
  databases.set(side, database.url);
}
for (const side of SIDES) profiles.push(await profileSide(side));
await otlp.stop();
report(profiles);

async function profileSide(side: string): Promise<SideProfile> {
  const directory = path.join(PROJECT_ROOT, "bench/results/profiles", `tracing-${side}`);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const server = await startProductionServer({
    name: `tracing-profile-${side}`,
    port: 3244,
    databaseUrl: databases.get(side)!,
    env: { WEB_CONCURRENCY: "1", ...tracingEnv(side, otlp.endpoint) },
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${directory}`],
  });
  let window: { fromMicros: number; toMicros: number };
  let requests: number;
  let cpu: { mainMs: number; otherThreadsMs: number };
  try {
    const scenario = (await productScenarios(server.baseUrl)).find((each) => each.name.includes(ONLY));
    if (!scenario) throw new Error(`no scenario's name contains ${ONLY}`);
    await warmUp({ ...scenario.load, durationSeconds: WARM_UP_SECONDS }, WARM_UP_SECONDS);
    const cpuBefore = processTreeThreadCpuMs(server.pid);
    const from = monotonicMicros();
    const load = await runLoad({ ...scenario.load, durationSeconds: SECONDS, overallRate: RATE });
    window = { fromMicros: from, toMicros: monotonicMicros() };
    const cpuAfter = processTreeThreadCpuMs(server.pid);
    cpu = {
      mainMs: cpuAfter.mainMs - cpuBefore.mainMs,
      otherThreadsMs: cpuAfter.otherThreadsMs - cpuBefore.otherThreadsMs,
    };
    writeFileSync(
      path.join(directory, "window.json"),
      JSON.stringify({ ...window, requests: load.requests }),
    );
    requests = load.requests;
    console.log(
      `${side}: ${load.requests} requests of ${scenario.name}, ${load.errors + load.non2xx} failed`,
    );
  } finally {
    await server.stop();
  }
  // The web process's profile is the biggest of those written (the start script's and the cluster
  // primary's do little).
  const files = readdirSync(directory)
    .filter((file) => file.endsWith(".cpuprofile"))
    .map((file) => path.join(directory, file));
  const web = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!web) throw new Error(`no profile in ${directory}`);
  const summary = summariseCpuProfile(web, Number.MAX_SAFE_INTEGER, window, tracingCodeOf);
  return {
    side,
    requests,
    cpu,
    byFunction: new Map(summary.byFunction.map((entry: SelfTime) => [entry.name, entry.ms])),
    tracingCode: summary.byOwner,
    totalMs: summary.totalMs,
  };
}

/**
 * Tracing's own code: the OpenTelemetry packages by package, and the files of lib/tracing that run
 * outside Next's bundles (the front door's request span). What the build folds into Next's chunks (the
 * context manager, the spans, the pg gate) is not told apart.
 */
function tracingCodeOf(url: string): string | undefined {
  const otel = /node_modules\/(@opentelemetry\/[^/]+)\//.exec(url);
  if (otel) return otel[1];
  const ours = /\/(lib\/tracing\/[^/]+)$/.exec(url);
  return ours?.[1];
}

/** Each side's CPU per 1,000 requests, and the functions whose share moved most against the first side. */
function report(sides: SideProfile[]): void {
  const perThousand = (profile: SideProfile, ms: number) => (ms / profile.requests) * 1000;
  const [base, ...others] = sides;
  if (!base) return;
  for (const profile of sides) {
    const idle = profile.byFunction.get("(idle) (native):0") ?? 0;
    console.log(
      `${profile.side}: ${perThousand(profile, profile.totalMs - idle).toFixed(0)} ms of busy samples, ` +
        `${perThousand(profile, profile.cpu.mainMs).toFixed(0)} ms of CPU in the main threads and ` +
        `${perThousand(profile, profile.cpu.otherThreadsMs).toFixed(0)} ms in the others, per 1,000 requests`,
    );
  }
  console.log("\nTracing's own code, µs a request (with what it calls of Node's own):");
  for (const profile of sides) {
    const parts = [...profile.tracingCode].sort((a, b) => b[1] - a[1]);
    const total = parts.reduce((sum, [, ms]) => sum + ms, 0);
    const each = parts.map(([owner, ms]) => `${owner} ${perThousand(profile, ms).toFixed(1)}`);
    console.log(`  ${profile.side}: ${perThousand(profile, total).toFixed(1)} (${each.join(", ")})`);
  }
  for (const other of others) {
    const names = new Set([...base.byFunction.keys(), ...other.byFunction.keys()]);
    const moved = [...names]
      .map((name) => ({
        name,
        base: perThousand(base, base.byFunction.get(name) ?? 0),
        other: perThousand(other, other.byFunction.get(name) ?? 0),
      }))
      .sort((a, b) => Math.abs(b.other - b.base) - Math.abs(a.other - a.base))
      .slice(0, TOP);
    console.log(`\n${other.side} against ${base.side}, ms per 1,000 requests (largest moves first):`);
    for (const entry of moved) {
      const change = entry.other - entry.base;
      console.log(
        `${(change >= 0 ? "+" : "") + change.toFixed(1)}`.padStart(8) +
          `  ${entry.base.toFixed(1).padStart(7)} → ${entry.other.toFixed(1).padStart(7)}  ${entry.name}`,
      );
    }
  }
}

function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}
