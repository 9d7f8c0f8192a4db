// A process started in a process group of its own, with its output in a log file: stop() reaches it
// and everything it started (npx, tsx, start.mjs's children), and nothing outlives the benchmark.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "@/bench/lib/server-env";

const STOP_TIMEOUT_MS = 15_000;

export type ProcessGroup = {
  pid: number;
  logFile: string;
  /** Resolves with the exit code when the process exits (for any reason). */
  exited: Promise<number | null>;
  /** SIGTERM to the group; SIGKILL if it is still there after 15 s. */
  stop: () => Promise<void>;
};

export function startProcessGroup(options: {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Output goes to bench/results/<logName>.log. */
  logName: string;
  /** Default: the project root. */
  cwd?: string;
}): ProcessGroup {
  const logDir = path.join(PROJECT_ROOT, "bench/results");
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${options.logName}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(options.command, options.args, {
    cwd: options.cwd ?? PROJECT_ROOT,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  if (!child.pid) throw new Error(`${options.command} could not be started`);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Detached, so Ctrl-C does not reach the group: take it down with this process.
  const onExit = () => signalGroup(child, "SIGKILL");
  const onSignal = () => {
    signalGroup(child, "SIGKILL");
    process.exit(130);
  };
  process.once("exit", onExit);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const stop = async () => {
    process.off("exit", onExit);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (child.exitCode !== null || child.signalCode !== null) return;
    signalGroup(child, "SIGTERM");
    const timer = setTimeout(() => signalGroup(child, "SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  return { pid: child.pid, logFile, exited, stop };
}

/** Polls url until it answers 2xx; fails early if the process exits first. */
export async function waitForHttp(url: string, group: ProcessGroup, timeoutMs: number): Promise<void> {
  let exitCode: number | null | undefined;
  void group.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`The process exited (code ${exitCode}) before ${url} answered: see ${group.logFile}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer 2xx within ${Math.round(timeoutMs / 1000)} s: see ${group.logFile}`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
