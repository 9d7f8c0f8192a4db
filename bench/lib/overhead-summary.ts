// What bench/tracing-overhead.ts makes of its turns: a scenario's figure and its 95 % interval, the same
// for one run's starts and for several runs' starts pooled (bench/tracing-overhead-pooled.ts).

import type { Row } from "@/bench/lib/table";

export type Side = "off" | "on";
/** CPU ms per request, all threads and the main threads' (JavaScript) alone. */
export type Turn = {
  side: Side;
  cpuMsPerRequest: number;
  mainThreadMsPerRequest: number;
  requestsPerSecond: number;
};
/** A scenario's turns, by process start. */
export type Result = { name: string; starts: Turn[][] };

/**
 * A scenario's figure: each turn's "on" against the "off" beside it; their median for each process
 * start; the mean of those. The interval resamples the starts, then each start's turns. The same for
 * the main threads alone says whether the difference is JavaScript's or V8's helper threads'.
 */
export function summary(starts: Turn[][], name?: string): Row {
  const all = starts.flat();
  const of = (turns: Turn[], side: Side) => turns.filter((turn) => turn.side === side);
  const ratiosOf = (measure: (turn: Turn) => number) =>
    starts.map((turns) =>
      of(turns, "on").map((turn, index) => measure(turn) / measure(of(turns, "off")[index]!)),
    );
  const ratios = ratiosOf((turn) => turn.cpuMsPerRequest);
  const mainThreadRatios = ratiosOf((turn) => turn.mainThreadMsPerRequest);
  const estimate = (samples: number[][]) => mean(samples.map(median));
  const [low, high] = bootstrapInterval(ratios, estimate);
  const [mainLow, mainHigh] = bootstrapInterval(mainThreadRatios, estimate);
  const pairs = ratios.flat();
  return {
    ...(name ? { scenario: name } : {}),
    "off ms": round(median(of(all, "off").map((turn) => turn.cpuMsPerRequest))),
    "on ms": round(median(of(all, "on").map((turn) => turn.cpuMsPerRequest))),
    "on ÷ off": `${signed(estimate(ratios) - 1)}`,
    "95 % interval": `${signed(low - 1)} … ${signed(high - 1)}`,
    "main thread on ÷ off": `${signed(estimate(mainThreadRatios) - 1)}`,
    "its 95 % interval": `${signed(mainLow - 1)} … ${signed(mainHigh - 1)}`,
    "by process start": ratios.map((each) => signed(median(each) - 1)).join(", "),
    "turn ratios": `${signed(Math.min(...pairs) - 1)} … ${signed(Math.max(...pairs) - 1)}`,
    "off req/s": Math.round(median(of(all, "off").map((turn) => turn.requestsPerSecond))),
    "on req/s": Math.round(median(of(all, "on").map((turn) => turn.requestsPerSecond))),
  };
}

/** The 95 % interval of `estimate`, by resampling the starts and each start's ratios 2,000 times. */
function bootstrapInterval(ratios: number[][], estimate: (samples: number[][]) => number): [number, number] {
  const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)]!;
  const estimates = Array.from({ length: 2000 }, () =>
    estimate(ratios.map(() => pick(ratios)).map((each) => each.map(() => pick(each)))),
  ).sort((a, b) => a - b);
  return [estimates[49]!, estimates[1949]!];
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function signed(share: number): string {
  return `${share >= 0 ? "+" : "−"}${Math.abs(share * 100).toFixed(1)} %`;
}

export function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
