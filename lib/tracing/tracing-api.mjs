// @ts-check
// The OpenTelemetry API of this process and its tracer, once tracing has started
// (lib/tracing/start-tracing.ts), else undefined. They are handed over through global slots rather than
// imported: with OTEL_EXPORTER_OTLP_ENDPOINT unset nothing of OpenTelemetry is started, and Next's
// bundles, the front door (server/front-door.mjs, outside the bundles) and the worker all see the same.

const SLOT = Symbol.for("vms.tracing.api");
const TRACER_SLOT = Symbol.for("vms.tracing.tracer");
/** The root context with tracing suppressed: the context of every request the sampler left out. */
const SUPPRESSED_ROOT_SLOT = Symbol.for("vms.tracing.suppressed-root");
/** The context manager (lib/tracing/context-manager.ts), global only while sampled work is in flight. */
const CONTEXT_MANAGER_SLOT = Symbol.for("vms.tracing.context-manager");
/** The W3C trace-context propagator: the front door's, not registered as the global one. */
const PROPAGATOR_SLOT = Symbol.for("vms.tracing.propagator");
/** The share of new traces sampled, when it is ours (lib/tracing/door-sampler.ts) rather than the SDK's. */
const ROOT_RATIO_SLOT = Symbol.for("vms.tracing.root-ratio");

/**
 * The context key the front door sets on a request it sampled itself before making its span
 * (request-span.mjs): the root sampler keeps that span (lib/tracing/door-sampler.ts). A context key is a
 * symbol (the API's createContextKey); this one is known to both without importing the API.
 */
export const SAMPLED_AT_THE_DOOR = Symbol.for("vms.tracing.sampled-at-the-door");

/** A W3C traceparent: version 00, trace id, parent span id, flags (as the front door writes them). */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

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
 * What the front door and our spans tell the context manager: which sampled work is in flight.
 * @typedef {object} SampledWork
 * @property {() => void} requestStarted a sampled request's span started (request-span.mjs)
 * @property {() => void} requestEnded that span ended
 * @property {<T>(context: import("@opentelemetry/api").Context, work: () => T) => T} with runs a sampled
 *   round's or attempt's work in its span's context (lib/tracing/spans.ts)
 */

/**
 * @param {object} tracing
 * @param {typeof import("@opentelemetry/api")} tracing.api
 * @param {import("@opentelemetry/api").Tracer} tracing.tracer
 * @param {(context: import("@opentelemetry/api").Context) => import("@opentelemetry/api").Context} tracing.suppressTracing
 *   the SDK's own (@opentelemetry/core): spans started in the context it returns are no-ops
 * @param {SampledWork} tracing.contextManager
 * @param {import("@opentelemetry/api").TextMapPropagator} tracing.propagator
 * @param {number} [tracing.rootSampleRatio] set when the root sampler is ours: the front door then samples a
 *   request with no caller's traceparent itself, at this ratio, before making any span
 */
export function setTracingApi({ api, tracer, suppressTracing, contextManager, propagator, rootSampleRatio }) {
  slots[SLOT] = api;
  slots[TRACER_SLOT] = tracer;
  slots[SUPPRESSED_ROOT_SLOT] = suppressTracing(api.ROOT_CONTEXT);
  slots[CONTEXT_MANAGER_SLOT] = contextManager;
  slots[PROPAGATOR_SLOT] = propagator;
  slots[ROOT_RATIO_SLOT] = rootSampleRatio;
}

/** @returns {SampledWork} set whenever tracingApi() is */
export function sampledWork() {
  return /** @type {SampledWork} */ (slots[CONTEXT_MANAGER_SLOT]);
}

/** @returns {import("@opentelemetry/api").TextMapPropagator} set whenever tracingApi() is */
export function propagator() {
  return /** @type {import("@opentelemetry/api").TextMapPropagator} */ (slots[PROPAGATOR_SLOT]);
}

/** @returns {number | undefined} the ratio at which the front door samples new traces, if it decides */
export function rootSampleRatio() {
  return /** @type {number | undefined} */ (slots[ROOT_RATIO_SLOT]);
}

/**
 * The context a sampled span's work runs in: a request's (lib/tracing/context-manager.ts, from the ids the
 * front door gave it), or a sampled worker round's or attempt's (lib/tracing/spans.ts). The span's ids
 * are active, and the SQL spans and ours become its children, but through a non-recording stand-in:
 * Next.js does its tracing work (spans of its own, which are not exported, since the provider is not
 * global; attributes set on its parent span, often after the request span ended, each costing the SDK an
 * Error and its stack) only under a recording span.
 * @param {typeof import("@opentelemetry/api")} api
 * @param {import("@opentelemetry/api").Context} parent
 * @param {import("@opentelemetry/api").SpanContext} spanContext
 */
export function workContext(api, parent, spanContext) {
  return api.trace.setSpan(parent, api.trace.wrapSpanContext(spanContext));
}

/**
 * The context of a request the sampler left out: no active span, so that the pg instrumentation (which
 * wants a parent) skips its tracing work, and tracing suppressed, so that nothing inside starts a trace of
 * its own. Its ids stay in its traceparent, for its log lines (lib/tracing/spans.ts).
 * @returns {import("@opentelemetry/api").Context}
 */
export function unsampledRequestContext() {
  return /** @type {import("@opentelemetry/api").Context} */ (slots[SUPPRESSED_ROOT_SLOT]);
}

/**
 * The span context a W3C traceparent names, undefined for a missing or malformed one.
 * @param {string | null | undefined} traceparent
 * @returns {import("@opentelemetry/api").SpanContext | undefined}
 */
export function parseTraceparent(traceparent) {
  const ids = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!ids) return undefined;
  return {
    traceId: ids[1] ?? "",
    spanId: ids[2] ?? "",
    traceFlags: parseInt(ids[3] ?? "0", 16),
    isRemote: true,
  };
}
