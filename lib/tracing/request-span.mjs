// @ts-check
// The server span of every request, started by the front door (server/front-door.mjs) where the route
// template, the request id and the final status are all known, for API routes, pages and server actions
// alike. The SQL spans become its children. Without tracing it only calls through.
import { randomUUID } from "node:crypto";
import {
  SAMPLED_AT_THE_DOOR,
  propagator,
  rootSampleRatio,
  sampledWork,
  tracer,
  tracingApi,
} from "./tracing-api.mjs";

/**
 * Runs `handle` as the request's span, which ends when the connection is done with the response.
 * @template T
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {{ route: string, requestId: string, serverAction?: string }} about the server action as
 *   "file#export" (from the build's manifest), "unknown" for an id the build does not have
 * @param {() => T} handle
 * @returns {T}
 */
export function traceRequest(request, response, about, handle) {
  const api = tracingApi();
  if (!api) return handle();
  const ratio = rootSampleRatio();
  let parent;
  if (request.headers.traceparent === undefined && ratio !== undefined) {
    // A new trace, sampled here before any span is made: a request left out (99 in 100 by default) only
    // gets ids, for its log lines: making and sampling a span for it cost some 9 µs a request
    // (docs/performance.md, "Sampled before the span, the pg instrumentation gated"). One kept is marked
    // for the root sampler.
    if (Math.random() >= ratio) {
      request.headers.traceparent = `00-${newTraceId()}-${newSpanId()}-00`;
      return handle();
    }
    parent = api.ROOT_CONTEXT.setValue(SAMPLED_AT_THE_DOOR, true);
  } else {
    // A caller's traceparent continues its trace.
    parent = propagator().extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
  }
  const method = request.method ?? "OTHER";
  const span = tracer().startSpan(`${method} ${about.route}`, { kind: api.SpanKind.SERVER }, parent);
  // The request enters no context: its work finds the span in its own traceparent header, which now
  // names this span instead of the caller's (lib/tracing/context-manager.ts says why).
  const { traceId, spanId, traceFlags } = span.spanContext();
  request.headers.traceparent = `00-${traceId}-${spanId}-${traceFlags.toString(16).padStart(2, "0")}`;
  // A span the sampler left out records nothing: neither its attributes (nine requests in ten by default,
  // and the samplers OTEL_TRACES_SAMPLER offers decide without them) nor its end.
  if (!span.isRecording()) return handle();
  // Counted until the span ends: while none is, the context manager is not global and every request is
  // one the sampler left out (work a request leaves running after its response is not in its span).
  sampledWork().requestStarted();
  span.setAttributes({
    "http.request.method": method,
    "http.route": about.route,
    "url.path": (request.url ?? "/").split("?")[0],
    "vms.request_id": about.requestId,
    ...(about.serverAction !== undefined ? { "vms.server_action": about.serverAction } : {}),
  });
  response.once("close", () => {
    // A client that left before any answer counts as 499, as in the HTTP metrics.
    const status = response.headersSent ? response.statusCode : 499;
    span.setAttribute("http.response.status_code", status);
    if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
    sampledWork().requestEnded();
  });
  return handle();
}

/** 32 random hex digits (a UUID's 122 random bits and its version digit, never all zeros). */
function newTraceId() {
  return randomUUID().replaceAll("-", "");
}

/** 16 hex digits: a UUID's variant digit (8 to b, so never all zeros) and the 60 random bits after it. */
function newSpanId() {
  return randomUUID().slice(19).replace("-", "");
}
