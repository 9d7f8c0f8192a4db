// OpenTelemetry for one process: a tracer provider exporting over OTLP/HTTP (JSON) in batches, the W3C
// trace-context propagator, and the pg instrumentation (one span per SQL statement). Imported only
// when OTEL_EXPORTER_OTLP_ENDPOINT is set (instrumentation.ts, lib/worker/main.ts); the exporter reads
// that variable, and the OTEL_BSP_* ones for its batching, itself.
import Module, { createRequire } from "node:module";
import { hostname } from "node:os";
import path from "node:path";
import * as api from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { registerInstrumentations } from "@opentelemetry/instrumentation";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { W3CTraceContextPropagator, suppressTracing } from "@opentelemetry/core";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from "@opentelemetry/semantic-conventions";
import { env } from "@/lib/env";
import { buildVersion } from "@/lib/build-version";
import { onShutdown } from "@/lib/shutdown-hooks";
import { RequestContextManager } from "@/lib/tracing/context-manager";
import { DoorSampler } from "@/lib/tracing/door-sampler";
import { gatePgInstrumentation, type PgModule } from "@/lib/tracing/pg-instrumentation-gate";
import { TRACER_NAME, setTracingApi, tracingApi } from "@/lib/tracing/tracing-api.mjs";

/**
 * The share of requests traced when OTEL_TRACES_SAMPLER is not set: every span costs CPU. Tracing every
 * request cost far more than the 5 % budget, and one in ten still missed it on PATCH and the events page
 * (docs/performance.md). A caller's sampled traceparent is always followed.
 * `OTEL_TRACES_SAMPLER=parentbased_always_on` traces everything.
 */
const DEFAULT_SAMPLE_RATIO = 0.01;

/**
 * Starts tracing in this process, once. It must run before `pg` is first required: the instrumentation
 * patches the module as it is loaded, here (next.config.ts keeps pg a Node module of its own, so Next's
 * server requires the same one from the project's node_modules).
 * @param role what this process does, on every span ("web", "web+worker", "worker")
 */
export function startTracing(role: string): void {
  if (tracingApi()) return;
  // Set, the SDK reads OTEL_TRACES_SAMPLER (and _ARG) itself.
  const rootSampler = process.env.OTEL_TRACES_SAMPLER ? undefined : new DoorSampler(DEFAULT_SAMPLE_RATIO);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: env().OTEL_SERVICE_NAME,
      [ATTR_SERVICE_VERSION]: buildVersion(),
      // Every process of the cluster exports on its own: the instance tells them apart.
      "service.instance.id": `${hostname()}:${process.pid}`,
      "process.pid": process.pid,
      "vms.process.role": role,
    }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
    ...(rootSampler ? { sampler: new ParentBasedSampler({ root: rootSampler }) } : {}),
  });
  // Nothing is global between sampled requests: the provider goes to our spans and the pg
  // instrumentation directly, the W3C traceparent propagator to the front door, and the context manager
  // registers itself only while sampled work is in flight (context-manager.ts says why, and how it finds
  // a request's context in the request). Next.js makes its own spans only while the global provider is
  // a real one or the active span records, so it makes none for a request the sampler left out, which
  // cost every such request CPU (docs/performance.md, "Metrics and tracing overhead"); a sampled
  // request's span, SQL included, names its route and server action itself.
  const contextManager = new RequestContextManager();
  // The instrumentation patches pg as it loads, through a hook it puts on every require() of the
  // process (and on process.getBuiltinModule). Left in place, that hook resolved each later require's
  // path again, and Next requires modules on every request: 7 % of an empty request's CPU. So pg is
  // loaded (and patched) now and the hooks taken off. The patch wraps pg's prototypes in place: every
  // later require of pg gets it.
  const originalRequire = Module.prototype.require;
  const originalGetBuiltinModule = process.getBuiltinModule;
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new PgInstrumentation({
        // SQL outside any span (the worker's idle polls, its heartbeat) would be a root span a second.
        requireParentSpan: true,
        // A span per pool checkout besides the statement's doubled the spans of a request, for what
        // the pool metrics already show (docs/performance.md, "Metrics and tracing overhead").
        ignoreConnectSpans: true,
      }),
    ],
  });
  const pg = createRequire(path.join(process.cwd(), "package.json"))("pg") as PgModule;
  Module.prototype.require = originalRequire;
  process.getBuiltinModule = originalGetBuiltinModule;
  gatePgInstrumentation(pg, () => contextManager.sampledWorkInFlight());
  setTracingApi({
    api,
    tracer: provider.getTracer(TRACER_NAME),
    suppressTracing,
    contextManager,
    propagator: new W3CTraceContextPropagator(),
    rootSampleRatio: rootSampler?.ratio,
  });
  // Spans still in the batch leave before the process exits (server/web-server.mjs runs the hooks).
  onShutdown(() => provider.forceFlush());
}
