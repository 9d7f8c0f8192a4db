// @ts-check
// The OpenTelemetry API of this process, once tracing has started (lib/tracing/start-tracing.ts), else
// undefined. It is handed over through a global slot rather than imported: with
// OTEL_EXPORTER_OTLP_ENDPOINT unset nothing of OpenTelemetry is started, and Next's bundles, the front
// door (scripts/front-door.mjs, outside the bundles) and the worker all see the same one.

const SLOT = Symbol.for("vms.tracing.api");

/** The name of every span's tracer (the instrumentation scope in the exported data). */
export const TRACER_NAME = "vehicle-movement-service";

/** @returns {typeof import("@opentelemetry/api") | undefined} */
export function tracingApi() {
  return /** @type {Record<symbol, typeof import("@opentelemetry/api") | undefined>} */ (globalThis)[SLOT];
}

/** @param {typeof import("@opentelemetry/api")} api */
export function setTracingApi(api) {
  /** @type {Record<symbol, unknown>} */ (globalThis)[SLOT] = api;
}
