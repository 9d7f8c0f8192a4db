// CPU time used by a process tree (user + system, from /proc/<pid>/stat), so that a benchmark can report
// CPU milliseconds per request: unlike requests/s, it barely moves when other work shares the machine.
import { readFileSync } from "node:fs";
import { processTree } from "@/bench/lib/rss-sampler";

/** Linux reports these times in clock ticks of 1/100 s (`getconf CLK_TCK`) on every usual platform. */
const TICKS_PER_SECOND = 100;

export function processTreeCpuMs(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Fields after the command name: state is 3rd; utime and stime are the 14th and 15th.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
