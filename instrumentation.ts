// Next.js calls register() once when the server starts, in each runtime.
export async function register(): Promise<void> {
  // Not while `next build` collects pages: only a serving process runs the worker.
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.NEXT_PHASE !== "phase-production-build") {
    // Tracing first: the pg instrumentation must be in place before anything loads pg. Unset, none of
    // the OpenTelemetry SDK is imported.
    const { env } = await import("@/lib/env");
    if (env().OTEL_EXPORTER_OTLP_ENDPOINT) {
      const { startTracing } = await import("@/lib/tracing/start-tracing");
      startTracing(env().RUN_WORKER_IN_PROCESS ? "web+worker" : "web");
    }
    // The event worker runs in this process when RUN_WORKER_IN_PROCESS allows (`npm run dev`, a test
    // server); `npm start`'s web processes run none: its worker is a process of its own.
    // Every metric exists from the start (zeros included), and the cluster's primary can gather them.
    const { registerMetrics } = await import("@/lib/metrics/register-metrics");
    registerMetrics();
    const { startWorkerInProcess } = await import("@/lib/worker/start-in-process");
    startWorkerInProcess();
  }
}
