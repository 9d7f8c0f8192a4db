// @ts-check
// The OpenTelemetry API of this process and its tracer, once tracing has started
// (lib/tracing/start-tracing.ts), else undefined. They are handed over through global slots rather than
// imported: with OTEL_EXPORTER_OTLP_ENDPOINT unset nothing of OpenTelemetry is started, and Next's
// bundles, the front door (scripts/front-door.mjs, outside the bundles) and the worker all see the same.

const SLOT = Symbol.for("vms.tracing.api");
const TRACER_SLOT = Symbol.for("vms.tracing.tracer");
/** The root context with tracing suppressed: the start of every unsampled request's or round's context. */
const SUPPRESSED_ROOT_SLOT = Symbol.for("vms.tracing.suppressed-root");
/** The span context of a request or round the sampler left out, which has no active span, for its log lines. */
const UNSAMPLED_SPAN_CONTEXT = Symbol.for("vms.tracing.unsampled-span-context");

/** The name of every span's tracer (the instrumentation scope in the exported data). */
export const TRACER_NAME = "vehicle-movement-service";

/** @type {Record<symbol, unknown>} */
const slots = globalThis;

/** @returns {typeof import("@opentelemetry/api") | undefined} */
export function tracingApi() {
  return /** @type {typeof import("@opentelemetry/api") | undefined} */ (slots[SLOT]);
}

/**
 * The tracer of every span we make: the process's provider's own, since the provider is not the
 * global one (start-tracing.ts says why). Set whenever tracingApi() is.
 * @returns {import("@opentelemetry/api").Tracer}
 */
export function tracer() {
  return /** @type {import("@opentelemetry/api").Tracer} */ (slots[TRACER_SLOT]);
}

/**
 * @param {typeof import("@opentelemetry/api")} api
 * @param {import("@opentelemetry/api").Tracer} ownTracer
 * @param {(context: import("@opentelemetry/api").Context) => import("@opentelemetry/api").Context} suppressTracing
 *   the SDK's own (@opentelemetry/core): spans started in the context it returns are no-ops
 */
export function setTracingApi(api, ownTracer, suppressTracing) {
  slots[SLOT] = api;
  slots[TRACER_SLOT] = ownTracer;
  slots[SUPPRESSED_ROOT_SLOT] = suppressTracing(api.ROOT_CONTEXT);
}

/**
 * The context a span's work runs in: a request's (lib/tracing/context-manager.ts, from the ids the front
 * door gave it), or a sampled worker round's or attempt's (lib/tracing/spans.ts). A sampled span's ids
 * are active, and the SQL spans and ours become its children, but through a non-recording stand-in:
 * Next.js does its tracing work (spans of its own, which are not exported, since the provider is not
 * global; attributes set on its parent span, often after the request span ended, each costing the SDK an
 * Error and its stack) only under a recording span. A request the sampler left out has no active span,
 * so that the pg instrumentation (which wants a parent) skips its tracing work, and tracing suppressed,
 * so that nothing inside starts a trace of its own. Its log lines still carry its trace id
 * (unsampledSpanContext).
 * @param {typeof import("@opentelemetry/api")} api
 * @param {import("@opentelemetry/api").Context} parent
 * @param {import("@opentelemetry/api").SpanContext} spanContext
 * @param {boolean} recording
 */
export function workContext(api, parent, spanContext, recording) {
  if (recording) return api.trace.setSpan(parent, api.trace.wrapSpanContext(spanContext));
  const suppressedRoot = /** @type {import("@opentelemetry/api").Context} */ (slots[SUPPRESSED_ROOT_SLOT]);
  return suppressedRoot.setValue(UNSAMPLED_SPAN_CONTEXT, spanContext);
}

/**
 * The span context of the request being run when the sampler left it out (it has no active
 * span).
 * @param {import("@opentelemetry/api").Context} context
 * @returns {import("@opentelemetry/api").SpanContext | undefined}
 */
export function unsampledSpanContext(context) {
  return /** @type {import("@opentelemetry/api").SpanContext | undefined} */ (
    context.getValue(UNSAMPLED_SPAN_CONTEXT)
  );
}
