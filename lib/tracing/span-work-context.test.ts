// The context a span's work runs in (tracing-api.mjs): a sampled span is active; the work of one the
// sampler left out runs with no active span and tracing suppressed, and still names its trace in logs.
// And the request span (request-span.mjs), which Next.js never sees recording.
// A real SDK tracer and context manager, in this process; the global slots are cleared afterwards.
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as api from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { suppressTracing } from "@opentelemetry/core";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type Sampler,
} from "@opentelemetry/sdk-trace-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeTraceIds, activeTraceparent, openSpan } from "@/lib/tracing/spans";
import { traceRequest } from "@/lib/tracing/request-span.mjs";
import { setTracingApi, spanWorkContext, tracer } from "@/lib/tracing/tracing-api.mjs";

const exporter = new InMemorySpanExporter();

function useSampler(sampler: Sampler): void {
  const provider = new NodeTracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  setTracingApi(api, provider.getTracer("test"), suppressTracing);
}

beforeAll(() => {
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});

afterAll(() => {
  api.context.disable();
  const slots = globalThis as Record<symbol, unknown>;
  for (const name of ["vms.tracing.api", "vms.tracing.tracer", "vms.tracing.suppressed-root"]) {
    delete slots[Symbol.for(name)];
  }
});

describe("spanWorkContext", () => {
  it("makes a sampled span's ids the active ones, so that the spans inside are its children", () => {
    useSampler(new AlwaysOnSampler());
    const request = tracer().startSpan("GET /v1/prep-jobs", {}, api.ROOT_CONTEXT);
    api.context.with(spanWorkContext(api, api.ROOT_CONTEXT, request), () => {
      // Through a stand-in that records nothing: Next.js does its tracing work only under a recording span.
      expect(api.trace.getActiveSpan()?.spanContext()).toEqual(request.spanContext());
      expect(api.trace.getActiveSpan()?.isRecording()).toBe(false);
      const statement = openSpan("pg.query");
      expect(statement?.span.isRecording()).toBe(true);
      statement?.end();
    });
    request.end();
    const [statement] = exporter.getFinishedSpans();
    expect(statement?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    exporter.reset();
  });

  it("runs an unsampled span's work with no active span and nothing recorded, its ids kept for the logs", () => {
    useSampler(new AlwaysOffSampler());
    const request = tracer().startSpan("GET /v1/prep-jobs", {}, api.ROOT_CONTEXT);
    expect(request.isRecording()).toBe(false);
    const ids = { traceId: request.spanContext().traceId, spanId: request.spanContext().spanId };
    api.context.with(spanWorkContext(api, api.ROOT_CONTEXT, request), () => {
      expect(api.trace.getActiveSpan()).toBeUndefined();
      expect(activeTraceIds()).toEqual(ids);
      expect(activeTraceparent()).toBe(`00-${ids.traceId}-${ids.spanId}-00`);
      // A span opened inside (a delivery in a worker round) is a no-op without ids of its own: its work
      // keeps the round's context, and its log lines the round's trace.
      const inner = openSpan("webhook.deliver");
      expect(inner && api.isSpanContextValid(inner.span.spanContext())).toBe(false);
      inner?.run(() => expect(activeTraceIds()).toEqual(ids));
      inner?.end();
    });
    request.end();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe("traceRequest", () => {
  it("gives Next.js no recording span to write to, while the request span records the request", async () => {
    useSampler(new AlwaysOnSampler());
    const warnings: string[] = [];
    api.diag.setLogger({ ...new api.DiagConsoleLogger(), warn: (message) => warnings.push(message) });
    const request = { method: "GET", url: "/v1/prep-jobs/01J?x=1", headers: {} } as IncomingMessage;
    const response = Object.assign(new EventEmitter(), { headersSent: true, statusCode: 200 });
    let returnFromHandler = () => {};
    const handled = traceRequest(
      request,
      response as unknown as ServerResponse,
      { route: "/v1/prep-jobs/[id]", requestId: "01REQUEST" },
      () => {
        const active = api.trace.getActiveSpan();
        expect(active?.isRecording()).toBe(false);
        openSpan("pg.query")?.end();
        return new Promise<void>((resolve) => {
          // Next sets its route on its parent span as its handler returns, after the response closed.
          returnFromHandler = () => {
            active?.setAttribute("http.route", "/v1/prep-jobs/next-route");
            resolve();
          };
        });
      },
    );
    response.emit("close");
    returnFromHandler();
    await handled;
    const [statement, span] = exporter.getFinishedSpans();
    expect(span?.attributes).toMatchObject({
      "http.route": "/v1/prep-jobs/[id]",
      "http.response.status_code": 200,
      "url.path": "/v1/prep-jobs/01J",
    });
    expect(statement?.parentSpanContext?.spanId).toBe(span?.spanContext().spanId);
    // No operation reached the ended span (each cost the SDK an Error and its stack).
    expect(warnings).toEqual([]);
    api.diag.disable();
    exporter.reset();
  });
});
