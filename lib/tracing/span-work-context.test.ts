// The context work runs in. The context manager is global only while sampled work is in flight. A
// request enters no context of its own: the front door names its span in its traceparent header
// (request-span.mjs) and the context manager finds it through Next.js's store of the request
// (context-manager.ts); Next.js never sees a recording span. A sampled worker round's or
// attempt's work enters its span's context, with the store on only while such work is in flight; the
// work of one the sampler left out enters none. A bound callback (pg's) and a context of no span (the
// exporter's) hold for their call only, with the store left off.
// A real SDK tracer and context manager, in this process; the global slots are cleared afterwards.
import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import * as api from "@opentelemetry/api";
import { W3CTraceContextPropagator, isTracingSuppressed, suppressTracing } from "@opentelemetry/core";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  InMemorySpanExporter,
  NodeTracerProvider,
  ParentBasedSampler,
  SamplingDecision,
  SimpleSpanProcessor,
  type Sampler,
} from "@opentelemetry/sdk-trace-node";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { DoorSampler } from "@/lib/tracing/door-sampler";
import { traceRequest } from "@/lib/tracing/request-span.mjs";
import { SAMPLED_AT_THE_DOOR, setTracingApi, tracer } from "@/lib/tracing/tracing-api.mjs";

// Next's server sets this before its stores are made; without it they are stand-ins that hold nothing.
Object.assign(globalThis, { AsyncLocalStorage });
const { workUnitAsyncStorage } = await import("next/dist/server/app-render/work-unit-async-storage.external");
const { RequestContextManager } = await import("@/lib/tracing/context-manager");
const { activeTraceIds, activeTraceparent, openSpan } = await import("@/lib/tracing/spans");

const exporter = new InMemorySpanExporter();
const contextManager = new RequestContextManager();

/** `rootSampleRatio`: the front door samples new traces itself, at that ratio (start-tracing.ts's default). */
function useSampler(sampler: Sampler, rootSampleRatio?: number): void {
  const provider = new NodeTracerProvider({ sampler, spanProcessors: [new SimpleSpanProcessor(exporter)] });
  setTracingApi({
    api,
    tracer: provider.getTracer("test"),
    suppressTracing,
    contextManager,
    propagator: new W3CTraceContextPropagator(),
    rootSampleRatio,
  });
}

function fakeRequest(headers: Record<string, string> = {}): {
  request: IncomingMessage;
  response: ServerResponse & EventEmitter;
} {
  const request = { method: "GET", url: "/v1/prep-jobs/01J?x=1", headers } as IncomingMessage;
  const response = Object.assign(new EventEmitter(), { headersSent: true, statusCode: 200 });
  return { request, response: response as unknown as ServerResponse & EventEmitter };
}

/**
 * Runs `work` as Next.js runs a route handler after the front door: in its store of the request, whose
 * headers Next builds on first read (`reads` counts them).
 */
function inNextRequest<T>(request: IncomingMessage, work: () => T, reads = { count: 0 }): T {
  const headers = new Headers(request.headers as Record<string, string>);
  const store = {
    type: "request",
    get headers() {
      reads.count += 1;
      return headers;
    },
  } as unknown as Parameters<typeof workUnitAsyncStorage.run>[0];
  return workUnitAsyncStorage.run(store, work);
}

/** Samples the traces whose root span's name says so: a sampled request and one left out, side by side. */
const sampleByName = new ParentBasedSampler({
  root: {
    shouldSample: (_context, _traceId, name) => ({
      decision: name.includes("sampled") ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD,
    }),
    toString: () => "sampleByName",
  },
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(() => {
  const slots = globalThis as Record<symbol, unknown>;
  for (const name of [
    "vms.tracing.api",
    "vms.tracing.tracer",
    "vms.tracing.suppressed-root",
    "vms.tracing.context-manager",
    "vms.tracing.propagator",
    "vms.tracing.root-ratio",
  ]) {
    delete slots[Symbol.for(name)];
  }
});

describe("openSpan", () => {
  it("runs a sampled round's work in its context, so that the spans inside are its children", async () => {
    useSampler(new AlwaysOnSampler());
    const round = openSpan("worker.loop", { root: true });
    await round?.run(async () => {
      await Promise.resolve();
      // Through a stand-in that records nothing: Next.js does its tracing work only under a recording span.
      expect(api.trace.getActiveSpan()?.spanContext()).toEqual(round.span.spanContext());
      expect(api.trace.getActiveSpan()?.isRecording()).toBe(false);
      const statement = openSpan("pg.query");
      expect(statement?.span.isRecording()).toBe(true);
      statement?.end();
    });
    round?.end();
    const [statement] = exporter.getFinishedSpans();
    expect(statement?.name).toBe("pg.query");
    expect(statement?.parentSpanContext?.spanId).toBe(round?.span.spanContext().spanId);
    exporter.reset();
  });

  it("switches the context store off once no entered work is in flight, and not before", async () => {
    useSampler(new AlwaysOnSampler());
    const [first, second] = [
      openSpan("worker.loop", { root: true }),
      openSpan("worker.loop", { root: true }),
    ];
    let finishFirst = () => {};
    let afterwards: Promise<api.Context> | undefined;
    const firstDone = first?.run(async () => {
      await new Promise<void>((resolve) => (finishFirst = resolve));
      // Still in flight after the second settled: its context is still there.
      expect(api.trace.getActiveSpan()?.spanContext().spanId).toBe(first.span.spanContext().spanId);
      // A timer the work leaves behind runs after it settled.
      afterwards = new Promise((resolve) => setTimeout(() => resolve(api.context.active()), 5));
    });
    await second?.run(async () => {
      await Promise.resolve();
      expect(api.trace.getActiveSpan()?.spanContext().spanId).toBe(second.span.spanContext().spanId);
    });
    finishFirst();
    await firstDone;
    // The store is off: what the work left running finds no entered context.
    expect(await afterwards).toBe(api.ROOT_CONTEXT);
    first?.end();
    second?.end();
    exporter.reset();
  });

  it("holds a bound callback's context for its call only, without switching the store on", async () => {
    useSampler(new AlwaysOnSampler());
    const storeEntered = vi.spyOn(AsyncLocalStorage.prototype, "run");
    // pg binds a callback only under a sampled request's span: the manager is global meanwhile.
    contextManager.requestStarted();
    const statement = openSpan("pg.query", { root: true });
    const context = api.trace.setSpan(api.ROOT_CONTEXT, statement!.span);
    let continued: Promise<api.Context> | undefined;
    // As the pg instrumentation binds a sampled statement's callback, which pg calls from its socket.
    const callback = api.context.bind(context, () => {
      continued = Promise.resolve().then(() => api.context.active());
      return api.trace.getActiveSpan()?.spanContext().spanId;
    });
    expect(callback()).toBe(statement?.span.spanContext().spanId);
    expect(await continued).toBe(api.ROOT_CONTEXT);
    expect(api.context.active()).toBe(api.ROOT_CONTEXT);
    expect(storeEntered).not.toHaveBeenCalled();
    statement?.end();
    contextManager.requestEnded();
    exporter.reset();
  });

  it("holds a context of no span (the exporter's, tracing suppressed) for the call only", async () => {
    useSampler(new AlwaysOnSampler());
    const storeEntered = vi.spyOn(AsyncLocalStorage.prototype, "run");
    contextManager.requestStarted();
    const continued = api.context.with(suppressTracing(api.ROOT_CONTEXT), () => {
      expect(isTracingSuppressed(api.context.active())).toBe(true);
      return Promise.resolve().then(() => api.context.active());
    });
    expect(await continued).toBe(api.ROOT_CONTEXT);
    expect(storeEntered).not.toHaveBeenCalled();
    // Work inside that enters a span's context still gets it, and leaves the outer call's as it was.
    api.context.with(suppressTracing(api.ROOT_CONTEXT), () => {
      const round = openSpan("worker.loop", { root: true });
      expect(round?.run(() => api.trace.getActiveSpan()?.spanContext().spanId)).toBe(
        round?.span.spanContext().spanId,
      );
      expect(isTracingSuppressed(api.context.active())).toBe(true);
      round?.end();
    });
    expect(storeEntered).toHaveBeenCalledTimes(1);
    contextManager.requestEnded();
    exporter.reset();
  });

  it("gives an unsampled round's work no context: nothing inside is traced", async () => {
    useSampler(new AlwaysOffSampler());
    const round = openSpan("worker.loop", { root: true });
    expect(round?.span.isRecording()).toBe(false);
    await round?.run(async () => {
      await Promise.resolve();
      expect(api.context.active()).toBe(api.ROOT_CONTEXT);
      // A child span needs a parent: not a trace of its own, which the sampler might keep.
      expect(openSpan("webhook.deliver")).toBeUndefined();
    });
    round?.end();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe("traceRequest", () => {
  it("enters no context: the request's work finds its span through Next.js's store of the request", async () => {
    useSampler(new AlwaysOnSampler());
    const { request, response } = fakeRequest();
    const spanId = await traceRequest(
      request,
      response,
      { route: "/v1/prep-jobs", requestId: "01R" },
      async () => {
        await Promise.resolve();
        // No store of ours carries anything (it would be copied onto every promise of the process).
        expect(api.context.active()).toBe(api.ROOT_CONTEXT);
        return inNextRequest(request, async () => {
          await Promise.resolve();
          return api.trace.getActiveSpan()?.spanContext().spanId;
        });
      },
    );
    response.emit("close");
    const [span] = exporter.getFinishedSpans();
    expect(spanId).toBe(span?.spanContext().spanId);
    exporter.reset();
  });

  it("gives Next.js no recording span to write to, while the request span records the request", async () => {
    useSampler(new AlwaysOnSampler());
    const warnings: string[] = [];
    api.diag.setLogger({ ...new api.DiagConsoleLogger(), warn: (message) => warnings.push(message) });
    const { request, response } = fakeRequest();
    let returnFromHandler = () => {};
    const handled = traceRequest(
      request,
      response,
      { route: "/v1/prep-jobs/[id]", requestId: "01REQUEST" },
      () =>
        inNextRequest(request, () => {
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
        }),
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

  it("leaves an unsampled request with no active span, and its log lines with its own span's ids", async () => {
    useSampler(new AlwaysOffSampler());
    const callerTrace = "0af7651916cd43dd8448eb211c80319c";
    const callerSpan = "b7ad6b7169203331";
    const { request, response } = fakeRequest({ traceparent: `00-${callerTrace}-${callerSpan}-00` });
    const ids = await traceRequest(request, response, { route: "/v1/prep-jobs", requestId: "01R" }, () =>
      inNextRequest(request, async () => {
        await Promise.resolve();
        expect(api.trace.getActiveSpan()).toBeUndefined();
        // A child span needs a parent: not a trace of its own, which the sampler might keep.
        expect(openSpan("webhook.deliver")).toBeUndefined();
        // The events it writes name it, for their deliveries' links.
        expect(activeTraceparent()).toBe(`00-${activeTraceIds()?.traceId}-${activeTraceIds()?.spanId}-00`);
        return activeTraceIds();
      }),
    );
    response.emit("close");
    expect(ids?.traceId).toBe(callerTrace);
    expect(ids?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(ids?.spanId).not.toBe(callerSpan);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("answers an unsampled request without reading the request while no sampled one is in flight", async () => {
    useSampler(new AlwaysOffSampler());
    const { request, response } = fakeRequest();
    const reads = { count: 0 };
    const ids = await traceRequest(request, response, { route: "/v1/sites", requestId: "01R" }, () =>
      inNextRequest(
        request,
        async () => {
          await Promise.resolve();
          expect(api.trace.getActiveSpan()).toBeUndefined();
          expect(reads.count).toBe(0);
          // No context: nothing inside starts a span.
          expect(openSpan("webhook.deliver")).toBeUndefined();
          // Its log lines read its ids from its traceparent, only when written.
          return activeTraceIds();
        },
        reads,
      ),
    );
    response.emit("close");
    expect(reads.count).toBe(1);
    expect(`00-${ids?.traceId}-${ids?.spanId}-00`).toBe(request.headers.traceparent);
  });

  it("tells a sampled request from an unsampled one while both are in flight", async () => {
    useSampler(sampleByName);
    const sampled = fakeRequest();
    const unsampled = fakeRequest();
    let finishSampled = () => {};
    const sampledWork = traceRequest(
      sampled.request,
      sampled.response,
      { route: "/v1/sampled", requestId: "01S" },
      () =>
        inNextRequest(sampled.request, async () => {
          await new Promise<void>((resolve) => (finishSampled = resolve));
          openSpan("pg.query")?.end();
          return api.trace.getActiveSpan()?.spanContext().spanId;
        }),
    );
    const unsampledIds = await traceRequest(
      unsampled.request,
      unsampled.response,
      { route: "/v1/other", requestId: "01U" },
      () =>
        inNextRequest(unsampled.request, async () => {
          await Promise.resolve();
          expect(api.trace.getActiveSpan()).toBeUndefined();
          expect(openSpan("pg.query")?.span.isRecording()).toBe(false);
          return activeTraceIds();
        }),
    );
    unsampled.response.emit("close");
    finishSampled();
    const sampledSpanId = await sampledWork;
    sampled.response.emit("close");
    const [statement, requestSpan] = exporter.getFinishedSpans();
    expect(requestSpan?.name).toBe("GET /v1/sampled");
    expect(sampledSpanId).toBe(requestSpan?.spanContext().spanId);
    expect(statement?.parentSpanContext?.spanId).toBe(sampledSpanId);
    expect(unsampledIds?.spanId).toBe(String(unsampled.request.headers.traceparent).split("-")[2]);
    // Both closed: the next unsampled request is answered without a lookup again.
    const reads = { count: 0 };
    inNextRequest(fakeRequest().request, () => api.context.active(), reads);
    expect(reads.count).toBe(0);
    exporter.reset();
  });
});

describe("sampling at the front door (the default sampler)", () => {
  const TRACEPARENT_LEFT_OUT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-00$/;

  it("makes no span for a new trace it leaves out, and still names ids for its log lines", async () => {
    // The provider would sample every span: what leaves this request out is the door's ratio, 0.
    useSampler(new AlwaysOnSampler(), 0);
    const startSpan = vi.spyOn(tracer(), "startSpan");
    const { request, response } = fakeRequest();
    const ids = await traceRequest(request, response, { route: "/v1/sites", requestId: "01R" }, () =>
      inNextRequest(request, async () => {
        await Promise.resolve();
        expect(api.trace.getActiveSpan()).toBeUndefined();
        expect(openSpan("webhook.deliver")).toBeUndefined();
        return activeTraceIds();
      }),
    );
    response.emit("close");
    expect(startSpan).not.toHaveBeenCalled();
    const [, traceId, spanId] = TRACEPARENT_LEFT_OUT.exec(String(request.headers.traceparent)) ?? [];
    expect(ids).toEqual({ traceId, spanId });
    expect(traceId).not.toMatch(/^0+$/);
    expect(spanId).not.toMatch(/^0+$/);
    // Every request its own ids.
    const other = fakeRequest();
    await traceRequest(other.request, other.response, { route: "/v1/sites", requestId: "02R" }, () => {});
    expect(String(other.request.headers.traceparent)).toMatch(TRACEPARENT_LEFT_OUT);
    expect(other.request.headers.traceparent).not.toBe(request.headers.traceparent);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("keeps the span of a request it sampled, whatever the trace id would say", async () => {
    // By trace id nothing would be kept; at the door, everything is.
    useSampler(new ParentBasedSampler({ root: new DoorSampler(0) }), 1);
    const { request, response } = fakeRequest();
    const spanId = await traceRequest(request, response, { route: "/v1/sites", requestId: "01R" }, () =>
      inNextRequest(request, async () => {
        await Promise.resolve();
        openSpan("pg.query")?.end();
        return api.trace.getActiveSpan()?.spanContext().spanId;
      }),
    );
    response.emit("close");
    const [statement, span] = exporter.getFinishedSpans();
    expect(span?.name).toBe("GET /v1/sites");
    expect(span?.parentSpanContext).toBeUndefined();
    expect(span?.spanContext().spanId).toBe(spanId);
    expect(statement?.parentSpanContext?.spanId).toBe(spanId);
    exporter.reset();
  });

  it("leaves a caller's traceparent to decide", async () => {
    useSampler(new ParentBasedSampler({ root: new DoorSampler(0) }), 0);
    const callerTrace = "0af7651916cd43dd8448eb211c80319c";
    const { request, response } = fakeRequest({ traceparent: `00-${callerTrace}-b7ad6b7169203331-01` });
    await traceRequest(request, response, { route: "/v1/sites", requestId: "01R" }, () => {});
    response.emit("close");
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(callerTrace);
    expect(span?.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
    exporter.reset();
  });

  it("samples every other new trace (a worker's round) by its trace id", () => {
    const traceId = "0af7651916cd43dd8448eb211c80319c";
    const decide = (ratio: number) => new DoorSampler(ratio).shouldSample(api.ROOT_CONTEXT, traceId).decision;
    expect(decide(1)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(0)).toBe(SamplingDecision.NOT_RECORD);
    const marked = api.ROOT_CONTEXT.setValue(SAMPLED_AT_THE_DOOR, true);
    expect(new DoorSampler(0).shouldSample(marked, traceId).decision).toBe(
      SamplingDecision.RECORD_AND_SAMPLED,
    );
  });
});

describe("the global context manager", () => {
  it("is ours only while a sampled request, round or attempt is in flight", async () => {
    useSampler(sampleByName);
    const lookups = vi.spyOn(RequestContextManager.prototype, "active");
    // What the pg instrumentation's gate asks (pg-instrumentation-gate.ts) says the same.
    const lookUp = () => {
      lookups.mockClear();
      api.context.active();
      expect(contextManager.sampledWorkInFlight()).toBe(lookups.mock.calls.length === 1);
      return lookups.mock.calls.length;
    };
    // Unsampled: every lookup of the request's work costs what it costs with tracing off.
    const unsampled = fakeRequest();
    await traceRequest(unsampled.request, unsampled.response, { route: "/v1/other", requestId: "01U" }, () =>
      inNextRequest(unsampled.request, async () => {
        await Promise.resolve();
        expect(lookUp()).toBe(0);
      }),
    );
    unsampled.response.emit("close");
    // A sampled request: from its span's start to its end.
    const sampled = fakeRequest();
    let finishSampled = () => {};
    const sampledWork = traceRequest(
      sampled.request,
      sampled.response,
      { route: "/v1/sampled", requestId: "01S" },
      () => new Promise<void>((resolve) => (finishSampled = resolve)),
    );
    expect(lookUp()).toBe(1);
    finishSampled();
    await sampledWork;
    expect(lookUp()).toBe(1);
    sampled.response.emit("close");
    expect(lookUp()).toBe(0);
    // A sampled round: while its work is in flight.
    const round = openSpan("sampled.round", { root: true });
    await round?.run(async () => {
      await Promise.resolve();
      expect(lookUp()).toBe(1);
    });
    round?.end();
    expect(lookUp()).toBe(0);
    exporter.reset();
  });

  it("leaves a context manager registered by someone else in place", async () => {
    useSampler(new AlwaysOnSampler());
    const theirs: api.ContextManager = {
      active: () => api.ROOT_CONTEXT,
      with: (_context, fn, thisArg, ...args) => fn.call(thisArg, ...args),
      bind: (_context, target) => target,
      enable() {
        return this;
      },
      disable() {
        return this;
      },
    };
    api.context.setGlobalContextManager(theirs);
    const { request, response } = fakeRequest();
    await traceRequest(request, response, { route: "/v1/sampled", requestId: "01S" }, async () => {});
    response.emit("close");
    const lookups = vi.spyOn(theirs, "active");
    api.context.active();
    expect(lookups).toHaveBeenCalledTimes(1);
    api.context.disable();
    exporter.reset();
  });
});
