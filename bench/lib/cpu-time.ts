// CPU time used by a process tree (user + system, from /proc/<pid>/stat), so that a benchmark can report
// CPU milliseconds per request: unlike requests/s, it barely moves when other work shares the machine.
import { readFileSync, readdirSync } from "node:fs";
import { processTree } from "@/bench/lib/rss-sampler";

/** Linux reports these times in clock ticks of 1/100 s (`getconf CLK_TCK`) on every usual platform. */
const TICKS_PER_SECOND = 100;

export function processTreeCpuMs(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid)) ticks += statTicks(`/proc/${pid}/stat`);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * The same, split between the processes' main threads (JavaScript) and their other threads (V8's
 * concurrent garbage collection and compilers, libuv's pool), which a CPU profile does not see.
 */
export function processTreeThreadCpuMs(rootPid: number): { mainMs: number; otherThreadsMs: number } {
  let main = 0;
  let others = 0;
  for (const pid of processTree(rootPid)) {
    let threads: string[] = [];
    try {
      threads = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // exited meanwhile
    }
    for (const tid of threads) {
      const ticks = statTicks(`/proc/${pid}/task/${tid}/stat`);
      if (tid === String(pid)) main += ticks;
      else others += ticks;
    }
  }
  return { mainMs: (main * 1000) / TICKS_PER_SECOND, otherThreadsMs: (others * 1000) / TICKS_PER_SECOND };
}

/** The tree's CPU split by role: the worker (`vms-worker`) apart from the rest (web processes, primary). */
export function processTreeCpuByRoleMs(rootPid: number): { webMs: number; workerMs: number } {
  let web = 0;
  let worker = 0;
  for (const pid of processTree(rootPid)) {
    const ticks = statTicks(`/proc/${pid}/stat`);
    if (commandOf(pid).startsWith("vms-worker")) worker += ticks;
    else web += ticks;
  }
  return { webMs: (web * 1000) / TICKS_PER_SECOND, workerMs: (worker * 1000) / TICKS_PER_SECOND };
}

/** A process's command line as it sets it (process.title), "" once it is gone. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/** CPU milliseconds of each of these processes (not their children); 0 for one that is gone. */
export function processesCpuMs(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, (statTicks(`/proc/${pid}/stat`) * 1000) / TICKS_PER_SECOND]));
}

/** utime + stime of one /proc stat file, 0 once it is gone. */
function statTicks(file: string): number {
  try {
    const stat = readFileSync(file, "utf8");
    // Fields after the command name: state is 3rd; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // exited meanwhile
  }
}
