// `npm run bench`: every benchmark present, one after the other, each in a process of its own (so one
// cannot skew the next through its heap or its open handles). Prints a summary and writes
// bench/results/run-all.json. Each benchmark prints its own tables, markdown included.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { PROJECT_ROOT } from "@/bench/lib/server-env";
import { printTable } from "@/bench/lib/table";

/** In the order they run; a missing file is skipped (another part of issue #6 may not have landed yet). */
const BENCHMARKS = ["api-throughput", "events-replay", "webhook-delivery", "live-kanban"];
const BUDGET_MINUTES = 15;

const machine = machineInfo();
const started = performance.now();
const outcomes: Array<{ benchmark: string; status: string; minutes: number; loadAfter: string }> = [];

for (const name of BENCHMARKS) {
  const file = path.join("bench", `${name}.ts`);
  if (!existsSync(path.join(PROJECT_ROOT, file))) {
    outcomes.push({ benchmark: name, status: "absent", minutes: 0, loadAfter: "" });
    continue;
  }
  console.log(`\n━━━ ${name} ━━━ (${uptimeLine()})`);
  const benchmarkStarted = performance.now();
  const code = await run(file);
  outcomes.push({
    benchmark: name,
    status: code === 0 ? "ok" : `failed (exit ${code})`,
    minutes: Math.round((performance.now() - benchmarkStarted) / 600) / 100,
    loadAfter: uptimeLine().replace(/^.*load average: /, ""),
  });
}

const totalMinutes = Math.round((performance.now() - started) / 600) / 100;
printTable(`All benchmarks: ${totalMinutes} min (budget ${BUDGET_MINUTES} min)`, outcomes);
writeResult("run-all", { command: "npm run bench", machine, totalMinutes, outcomes });
process.exitCode = outcomes.some((outcome) => outcome.status.startsWith("failed")) ? 1 : 0;

function run(file: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", file], {
      cwd: PROJECT_ROOT,
      stdio: "inherit",
    });
    child.on("exit", (code) => resolve(code));
  });
}
