// One load run with autocannon: either as fast as the server answers (closed loop, `connections`
// requests in flight) or at a fixed rate (`overallRate` requests/s), summarised for the tables.
import autocannon from "autocannon";

export type LoadOptions = {
  url: string;
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  /** Called for every request: a fresh body or headers (e.g. a unique Idempotency-Key). */
  setupRequest?: autocannon.Request["setupRequest"];
  connections?: number;
  durationSeconds: number;
  /** Stop after this many requests instead (autocannon then ignores the duration). */
  amount?: number;
  /** Fixed arrival rate in requests/s over all connections; absent: full load. */
  overallRate?: number;
  /** A request unanswered after this long counts as an error (default 10 s). */
  timeoutSeconds?: number;
};

export type LoadSummary = {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers that are not 2xx (counted apart: a 4xx/5xx flood is not throughput). */
  non2xx: number;
};

export async function runLoad(options: LoadOptions): Promise<LoadSummary> {
  const result = await autocannon({
    url: options.url,
    // Only the members given: autocannon takes a present but undefined setupRequest for a function.
    requests: [
      Object.fromEntries(
        Object.entries({
          method: options.method ?? "GET",
          headers: options.headers,
          body: options.body,
          setupRequest: options.setupRequest,
        }).filter(([, value]) => value !== undefined),
      ),
    ],
    connections: options.connections ?? 10,
    duration: options.durationSeconds,
    amount: options.amount,
    overallRate: options.overallRate,
    timeout: options.timeoutSeconds ?? 10,
  });
  return {
    requestsPerSecond: Math.round(
      result.requests.total / (options.amount ? result.duration : options.durationSeconds),
    ),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** A short run whose figures are thrown away: JIT, connection pools and caches warm up first. */
export async function warmUp(options: LoadOptions, seconds = 3): Promise<void> {
  await runLoad({ ...options, durationSeconds: seconds, overallRate: undefined });
}
