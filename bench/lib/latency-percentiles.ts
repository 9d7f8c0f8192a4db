// Percentiles of a list of latencies (nearest rank), for the tables of the webhook and kanban benchmarks.
export type LatencySummary = { count: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };

export function latencySummary(values: number[]): LatencySummary {
  const sorted = Float64Array.from(values).sort();
  const at = (fraction: number) =>
    sorted.length === 0
      ? Number.NaN
      : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
  return {
    count: sorted.length,
    p50Ms: Math.round(at(0.5)),
    p95Ms: Math.round(at(0.95)),
    p99Ms: Math.round(at(0.99)),
    maxMs: Math.round(sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!),
  };
}
