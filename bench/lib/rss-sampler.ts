// Samples the resident memory of a process and all its descendants from /proc (Linux only): the sum of
// VmRSS over the tree at each tick, and the largest VmHWM (kernel-recorded peak) of any one process.
// A sum of VmRSS counts the file pages the processes share (the node binary's, about 35 MiB in each)
// once per process, so the tree's resident memory is also given with them counted once: each process's
// anonymous pages (its heap, stacks and buffers: nothing is shared after an exec) plus the largest
// process's file pages (an estimate that holds for a tree of processes running one binary).
import { readFileSync, readdirSync } from "node:fs";

export type RssSummary = {
  /** Highest sum of VmRSS over the tree seen at a sample. */
  peakTreeRssMiB: number;
  /** Highest sum over the tree, at a sample, of anonymous pages, plus the largest file pages of one. */
  peakTreeSharedOnceMiB: number;
  /** Highest VmHWM of a single process of the tree (catches peaks between samples). */
  peakProcessHwmMiB: number;
  /** Each process by its title (`vms-web`, `vms-worker`, the primary's command), largest VmHWM first. */
  processes: ProcessMemory[];
  samples: number;
};

/** VmHWM, and the highest anonymous resident memory (RssAnon) sampled. */
type ProcessMemory = { title: string; pid: number; hwmMiB: number; peakAnonMiB: number };

export type RssSampler = { current: () => RssSummary; stop: () => RssSummary };

export function sampleRss(rootPid: number, intervalMs = 250): RssSampler {
  const summary: RssSummary = {
    peakTreeRssMiB: 0,
    peakTreeSharedOnceMiB: 0,
    peakProcessHwmMiB: 0,
    processes: [],
    samples: 0,
  };
  const byPid = new Map<number, ProcessMemory>();
  const sample = () => {
    let treeKiB = 0;
    let anonKiB = 0;
    let largestFileKiB = 0;
    for (const pid of processTree(rootPid)) {
      const status = readStatus(pid);
      if (!status) continue;
      treeKiB += status.rssKiB;
      anonKiB += status.anonKiB;
      largestFileKiB = Math.max(largestFileKiB, status.rssKiB - status.anonKiB);
      const hwmMiB = round(status.hwmKiB / 1024);
      summary.peakProcessHwmMiB = Math.max(summary.peakProcessHwmMiB, hwmMiB);
      const seen = byPid.get(pid);
      byPid.set(pid, {
        title: seen?.title ?? titleOf(pid),
        pid,
        hwmMiB,
        peakAnonMiB: Math.max(seen?.peakAnonMiB ?? 0, round(status.anonKiB / 1024)),
      });
    }
    summary.processes = [...byPid.values()].sort((a, b) => b.hwmMiB - a.hwmMiB);
    summary.peakTreeRssMiB = Math.max(summary.peakTreeRssMiB, round(treeKiB / 1024));
    summary.peakTreeSharedOnceMiB = Math.max(
      summary.peakTreeSharedOnceMiB,
      round((anonKiB + largestFileKiB) / 1024),
    );
    summary.samples += 1;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    current: () => ({ ...summary }),
    stop: () => {
      clearInterval(timer);
      sample();
      return { ...summary };
    },
  };
}

/** rootPid and every process below it (by the parent pid in /proc/<pid>/stat). */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentPid(Number(entry));
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree: number[] = [];
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    tree.push(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function parentPid(pid: number): number | undefined {
  try {
    // The command name (2nd field) may hold spaces and parentheses: fields restart after the last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined; // exited meanwhile
  }
}

/** The process's title as it set it (process.title), or its command line. */
function titleOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim().slice(0, 40);
  } catch {
    return "?";
  }
}

function readStatus(pid: number): { rssKiB: number; hwmKiB: number; anonKiB: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return { rssKiB: field("VmRSS"), hwmKiB: field("VmHWM"), anonKiB: field("RssAnon") };
  } catch {
    return undefined;
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
