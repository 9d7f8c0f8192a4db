// @ts-check
// The OpenTelemetry API of this process, once tracing has started (lib/tracing/start-tracing.ts), else
// undefined. It is handed over through a global slot rather than imported: with
// OTEL_EXPORTER_OTLP_ENDPOINT unset nothing of OpenTelemetry is started, and Next's bundles, the front
// door (scripts/front-door.mjs, outside the bundles) and the worker all see the same one.

const SLOT = Symbol.for("vms.tracing.api");
const SUPPRESS_SLOT = Symbol.for("vms.tracing.suppress");
/** The request span's context, kept beside Next's spans so that its log lines name its trace. */
const REQUEST_SPAN_CONTEXT = Symbol.for("vms.tracing.request-span-context");

/** The name of every span's tracer (the instrumentation scope in the exported data). */
export const TRACER_NAME = "vehicle-movement-service";

/** @returns {typeof import("@opentelemetry/api") | undefined} */
export function tracingApi() {
  return /** @type {Record<symbol, typeof import("@opentelemetry/api") | undefined>} */ (globalThis)[SLOT];
}

/**
 * @param {typeof import("@opentelemetry/api")} api
 * @param {(context: import("@opentelemetry/api").Context) => import("@opentelemetry/api").Context} suppressTracing
 *   the SDK's own (@opentelemetry/core): spans started in the context it returns are no-ops
 */
export function setTracingApi(api, suppressTracing) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[SLOT] = api;
  /** @type {Record<symbol, unknown>} */ (globalThis)[SUPPRESS_SLOT] = suppressTracing;
}

/**
 * The context a request runs in. A sampled request: its span is active, and Next's and the SQL spans
 * become its children. A request the sampler left out: tracing is suppressed inside it, so that none of
 * those spans is even made, while its log lines still carry its trace id (requestSpanContext).
 * (Measured, this saves less than hoped: docs/performance.md, "Metrics and tracing overhead".)
 * @param {typeof import("@opentelemetry/api")} api
 * @param {import("@opentelemetry/api").Context} parent
 * @param {import("@opentelemetry/api").Span} span
 */
export function requestContext(api, parent, span) {
  const active = api.trace.setSpan(parent, span).setValue(REQUEST_SPAN_CONTEXT, span.spanContext());
  if (span.isRecording()) return active;
  const suppress =
    /** @type {Record<symbol, ((context: import("@opentelemetry/api").Context) => import("@opentelemetry/api").Context) | undefined>} */ (
      globalThis
    )[SUPPRESS_SLOT];
  return suppress ? suppress(active) : active;
}

/**
 * The span context of the request being served, when the active span has none of its own (inside a
 * request the sampler left out).
 * @param {import("@opentelemetry/api").Context} context
 * @returns {import("@opentelemetry/api").SpanContext | undefined}
 */
export function requestSpanContext(context) {
  return /** @type {import("@opentelemetry/api").SpanContext | undefined} */ (
    context.getValue(REQUEST_SPAN_CONTEXT)
  );
}
