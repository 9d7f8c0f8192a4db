// The event worker as a process of its own, `vms-worker` (lib/worker/worker-process.ts): the one `npm
// start` runs beside its web processes (server/web-cluster.mjs), or more with `npm run worker`. With
// OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts first: the pg instrumentation must be in place before
// the worker's modules load the database driver, hence the dynamic imports after it.
import { setPriority } from "node:os";
import { env } from "@/lib/env";

/**
 * The worker's work can wait a few milliseconds; a page cannot. Niced, it takes the CPU the web
 * processes leave (any process may lower its own priority), and so do its database sessions when
 * PostgreSQL is on this machine (lib/db.ts).
 */
const WORKER_NICENESS = 10;

process.title = "vms-worker";
setPriority(WORKER_NICENESS);
if (env().OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import("@/lib/tracing/start-tracing");
  startTracing("worker");
}
const { niceDatabaseSessions } = await import("@/lib/db");
niceDatabaseSessions(WORKER_NICENESS);
// Its deliveries counted from the start; under `npm start` the primary gathers them with the web
// processes' metrics for /api/metrics (it waits for every process of the cluster to answer).
const { registerMetrics } = await import("@/lib/metrics/register-metrics");
registerMetrics();
await import("@/lib/worker/worker-process");
