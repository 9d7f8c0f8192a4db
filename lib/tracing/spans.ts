// The spans the domain code starts, and the trace context it stores and logs. Every function is a
// no-op (or answers undefined) while tracing is off: lib/tracing/tracing-api.mjs holds no API then.
import type { Attributes, Link, Span, SpanContext } from "@opentelemetry/api";
import { currentRequestHeader } from "@/lib/request-context/current-request";
import {
  parseTraceparent,
  sampledWork,
  tracer,
  tracingApi,
  workContext,
} from "@/lib/tracing/tracing-api.mjs";

export type { Attributes };

/**
 * The active span's context, or inside a request the sampler left out (which has no active span), the
 * request span's, from the traceparent the front door wrote (request-span.mjs); undefined while tracing
 * is off or outside any span.
 */
function currentSpanContext(): SpanContext | undefined {
  const api = tracingApi();
  if (!api) return undefined;
  const active = api.trace.getActiveSpan()?.spanContext();
  const context =
    active && api.isSpanContextValid(active) ? active : parseTraceparent(currentRequestHeader("traceparent"));
  return context && api.isSpanContextValid(context) ? context : undefined;
}

/** The current span's ids, for the log lines written inside it. */
export function activeTraceIds(): { traceId: string; spanId: string } | undefined {
  const context = currentSpanContext();
  return context && { traceId: context.traceId, spanId: context.spanId };
}

/** The current span as a W3C traceparent, stored with an event so that its deliveries link back to it. */
export function activeTraceparent(): string | undefined {
  const context = currentSpanContext();
  if (!context) return undefined;
  const flags = context.traceFlags.toString(16).padStart(2, "0");
  return `00-${context.traceId}-${context.spanId}-${flags}`;
}

/** A link to the span a stored traceparent names (none for a missing or malformed one). */
export function linkTo(traceparent: string | null | undefined): Link[] {
  const context = parseTraceparent(traceparent);
  return context ? [{ context }] : [];
}

/** A span the caller ends, or undefined while tracing is off. */
export type OpenSpan = {
  span: Span;
  /** Runs `work` with the span active, so that the spans and log lines inside it belong to it. */
  run: <T>(work: () => T) => T;
  /** Records the outcome: an error status for a thrown error or a failure, then ends the span. */
  end: (outcome?: { error?: unknown; failed?: boolean; attributes?: Attributes }) => void;
};

/**
 * Starts a span: a child of the active one, or a root (`root: true`) for work that belongs to no
 * request, such as a worker's loop, even when a request's wake-up set it going. A child needs a parent,
 * as the pg instrumentation's spans do: outside any context there is none, rather than a trace of its
 * own.
 */
export function openSpan(
  name: string,
  options: {
    root?: boolean;
    startTime?: number;
    attributes?: Attributes;
    links?: Link[];
    client?: boolean;
  } = {},
): OpenSpan | undefined {
  const api = tracingApi();
  if (!api) return undefined;
  const parent = options.root ? api.ROOT_CONTEXT : api.context.active();
  if (parent === api.ROOT_CONTEXT && !options.root) return undefined;
  const span = tracer().startSpan(
    name,
    {
      kind: options.client ? api.SpanKind.CLIENT : api.SpanKind.INTERNAL,
      startTime: options.startTime,
      attributes: options.attributes,
      links: options.links,
    },
    parent,
  );
  return {
    span,
    // A span the sampler left out gives its work no context: entering one would make the context manager
    // global and switch its store on while the work runs (context-manager.ts), and with no active span
    // nothing inside is traced.
    run: span.isRecording()
      ? (work) => sampledWork().with(workContext(api, parent, span.spanContext()), work)
      : (work) => work(),
    end: ({ error, failed, attributes } = {}) => {
      if (attributes) span.setAttributes(attributes);
      if (error !== undefined) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      } else if (failed) {
        span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
      span.end();
    },
  };
}

/**
 * Runs `work` in a span of its own (just `work` while tracing is off); `describe` turns its result into
 * the span's outcome, a throw marks the span failed.
 */
export async function inSpan<T>(
  name: string,
  options: Parameters<typeof openSpan>[1],
  work: () => Promise<T>,
  describe?: (result: T) => { failed?: boolean; attributes?: Attributes },
): Promise<T> {
  const open = openSpan(name, options);
  if (!open) return work();
  try {
    const result = await open.run(work);
    open.end(describe?.(result));
    return result;
  } catch (error) {
    open.end({ error });
    throw error;
  }
}
