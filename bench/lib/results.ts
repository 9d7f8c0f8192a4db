// A benchmark's result file, bench/results/<name>.json (git-ignored), with the machine it ran on.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "@/bench/lib/server-env";

export type MachineInfo = {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string | undefined;
  platform: string;
  /** 1, 5 and 15 minute load averages when the benchmark started: other work on the machine skews it. */
  loadAverage: number[];
  uptime: string;
};

/** Taken once at the start of a benchmark, before it loads the machine itself. */
export function machineInfo(postgresVersion?: string): MachineInfo {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    postgres: postgresVersion,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
    uptime: uptimeLine(),
  };
}

/** `uptime`'s line (load averages), recorded with each run so that a busy machine shows. */
export function uptimeLine(): string {
  try {
    return execFileSync("uptime", { encoding: "utf8" }).trim();
  } catch {
    return `load average: ${os.loadavg().join(", ")}`;
  }
}

export function writeResult(name: string, result: Record<string, unknown>): string {
  const dir = path.join(PROJECT_ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.json`);
  const body = { benchmark: name, finishedAt: new Date().toISOString(), ...result };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  console.log(`\nResult written to ${path.relative(PROJECT_ROOT, file)}`);
  return file;
}
