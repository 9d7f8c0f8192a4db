// The soak's memory record: the resident memory of the server's process tree every few seconds, and
// the growth between the window just after warm-up and the window at the end (means over each window,
// so that one garbage collection does not decide the verdict).
import { readFileSync } from "node:fs";
import { processTree } from "@/bench/lib/rss-sampler";

export type RssPoint = { atSeconds: number; rssMiB: number };

export type MemoryVerdict = {
  warmUpSeconds: number;
  windowSeconds: number;
  afterWarmUpMiB: number;
  atEndMiB: number;
  peakMiB: number;
  growthPercent: number;
};

export type RssRecorder = { points: RssPoint[]; stop: () => RssPoint[] };

/** Starts recording now; atSeconds counts from this moment. */
export function recordTreeRss(rootPid: number, intervalMs: number): RssRecorder {
  const started = Date.now();
  const points: RssPoint[] = [];
  const sample = () => {
    const kiB = processTree(rootPid).reduce((sum, pid) => sum + rssKiB(pid), 0);
    points.push({ atSeconds: round((Date.now() - started) / 1000), rssMiB: round(kiB / 1024) });
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    points,
    stop: () => {
      clearInterval(timer);
      sample();
      return points;
    },
  };
}

export function memoryVerdict(points: RssPoint[], durationSeconds: number): MemoryVerdict {
  const warmUpSeconds = Math.max(10, Math.round(durationSeconds * 0.2));
  const windowSeconds = Math.max(5, Math.round(durationSeconds * 0.1));
  const mean = (from: number, to: number) => {
    const inWindow = points.filter((point) => point.atSeconds >= from && point.atSeconds <= to);
    return round(inWindow.reduce((sum, point) => sum + point.rssMiB, 0) / Math.max(1, inWindow.length));
  };
  const afterWarmUpMiB = mean(warmUpSeconds, warmUpSeconds + windowSeconds);
  const atEndMiB = mean(durationSeconds - windowSeconds, durationSeconds);
  return {
    warmUpSeconds,
    windowSeconds,
    afterWarmUpMiB,
    atEndMiB,
    peakMiB: Math.max(...points.map((point) => point.rssMiB)),
    growthPercent: round(((atEndMiB - afterWarmUpMiB) / afterWarmUpMiB) * 100),
  };
}

function rssKiB(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0; // exited meanwhile
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
