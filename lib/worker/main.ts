// `npm run worker`: the event worker alone (lib/worker/worker-process.ts). With
// OTEL_EXPORTER_OTLP_ENDPOINT set, tracing starts first: the pg instrumentation must be in place before
// the worker's modules load the database driver, hence the dynamic import after it.
import { env } from "@/lib/env";

if (env().OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import("@/lib/tracing/start-tracing");
  startTracing("worker");
}
await import("@/lib/worker/worker-process");
