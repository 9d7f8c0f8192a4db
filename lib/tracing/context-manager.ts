// OpenTelemetry's context for this process, global only while sampled work is in flight, and without a
// store of ours switched on while requests run.
// - While no sampled request, round or attempt is in flight, no context manager is global: Next.js looks
//   the context up some twenty times a request, and the pg instrumentation once a statement, and each
//   lookup then costs what it costs with tracing off. The front door and our spans say when sampled work
//   starts and ends (tracing-api.mjs's SampledWork).
// - On Node 20 an enabled AsyncLocalStorage is copied onto every promise and callback the process makes,
//   whoever makes them: the SDK's context manager kept its store on for good from the first context
//   entered (the span exporter enters one for each batch), and that cost every request CPU, traced or not
//   (docs/performance.md, "Metrics and tracing overhead"). So:
//   - inside a request, the context comes from the request itself: the front door writes the request
//     span's traceparent into its headers (request-span.mjs), and Next.js keeps the request in a store it
//     has anyway (lib/request-context/current-request.ts). While no sampled request is in flight, a request is
//     answered without being read: it is one the sampler left out;
//   - a callback bound to a context (the pg instrumentation binds a sampled statement's callback) and a
//     context of no span (the exporter's, which only suppresses tracing) hold for the synchronous call
//     only, with the store left off: nothing of ours starts a span in what such a call leaves running;
//   - work that enters a span's context (a sampled worker round and its attempts) switches the store on,
//     and the store goes off again once no such work is left in flight.
import { AsyncLocalStorage } from "node:async_hooks";
import * as api from "@opentelemetry/api";
import { currentRequestHeaders, insideRequest } from "@/lib/request-context/current-request";
import {
  parseTraceparent,
  unsampledRequestContext,
  workContext,
  type SampledWork,
} from "@/lib/tracing/tracing-api.mjs";

export class RequestContextManager implements api.ContextManager, SampledWork {
  readonly #entered = new AsyncLocalStorage<api.Context>();
  /** Work inside an entered context still in flight: the store is on while there is any. */
  #inFlight = 0;
  /** Sampled requests in flight (the front door counts them). */
  #sampledRequests = 0;
  /** Whether this is the global manager now: another one registered first is left alone. */
  #registered = false;
  /** The context of the synchronous call under way (bind, or a with of no span), if any. */
  #synchronous: api.Context | undefined;
  /** Each request's context, made once from its headers (while sampled requests are in flight). */
  readonly #byRequest = new WeakMap<object, api.Context>();

  requestStarted(): void {
    this.#sampledRequests += 1;
    this.#hold();
  }

  requestEnded(): void {
    this.#sampledRequests -= 1;
    this.#release();
  }

  /** Whether any sampled request, round or attempt is in flight: only then can a span be active. */
  sampledWorkInFlight(): boolean {
    return this.#sampledRequests + this.#inFlight > 0;
  }

  active(): api.Context {
    return this.#synchronous ?? this.#entered.getStore() ?? this.#requestContext();
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: api.Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    if (!api.trace.getSpan(context)) return this.#synchronously(context, () => fn.call(thisArg, ...args));
    this.#inFlight += 1;
    this.#hold();
    let result: ReturnType<F>;
    try {
      result = this.#entered.run(context, () =>
        this.#synchronously(undefined, () => fn.call(thisArg, ...args)),
      );
    } catch (error) {
      this.#leave();
      throw error;
    }
    // Asynchronous work keeps the store on until it settles; what it left running after that (a
    // callback, a timer) finds no entered context.
    if (result instanceof Promise) result.then(this.#leave, this.#leave);
    else this.#leave();
    return result;
  }

  bind<T>(context: api.Context, target: T): T {
    if (typeof target !== "function") return target;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the bound function's own `this` is the caller's
    const manager = this;
    return function (this: unknown, ...args: unknown[]) {
      return manager.#synchronously(context, () => target.apply(this, args));
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.#entered.disable();
    return this;
  }

  /**
   * Runs `call` with `context` active (undefined: the entered or the request's) until it returns. No
   * promise settles while it runs, so what it leaves running never finds it.
   */
  #synchronously<R>(context: api.Context | undefined, call: () => R): R {
    const outer = this.#synchronous;
    this.#synchronous = context;
    try {
      return call();
    } finally {
      this.#synchronous = outer;
    }
  }

  readonly #leave = (): void => {
    this.#inFlight -= 1;
    if (this.#inFlight === 0) this.#entered.disable();
    this.#release();
  };

  /** Global from the first sampled work in flight… */
  #hold(): void {
    if (this.#sampledRequests + this.#inFlight === 1) {
      this.#registered = api.context.setGlobalContextManager(this);
    }
  }

  /** …until none is left (the API's disable() calls ours, which switches the store off). */
  #release(): void {
    if (this.#sampledRequests + this.#inFlight > 0 || !this.#registered) return;
    this.#registered = false;
    api.context.disable();
  }

  /**
   * Inside a request, its span's context if the sampler kept it (its SQL spans become its children), else
   * tracing suppressed (tracing-api.mjs's unsampledRequestContext). The root context outside a request.
   */
  #requestContext(): api.Context {
    if (!insideRequest()) return api.ROOT_CONTEXT;
    // With no sampled request in flight (a sampled round made this global) this one is not sampled either,
    // and is not looked up: a lookup makes Next.js build its view of the request's headers
    // (docs/performance.md, "The first lookup").
    if (this.#sampledRequests === 0) return unsampledRequestContext();
    const headers = currentRequestHeaders()!;
    let context = this.#byRequest.get(headers);
    if (!context) {
      context = requestSpanContext(headers.get("traceparent"));
      this.#byRequest.set(headers, context);
    }
    return context;
  }
}

/** The context of the request span the front door named in the request's traceparent. */
function requestSpanContext(traceparent: string | null): api.Context {
  const spanContext = parseTraceparent(traceparent);
  return spanContext && (spanContext.traceFlags & api.TraceFlags.SAMPLED) !== 0
    ? workContext(api, api.ROOT_CONTEXT, spanContext)
    : unsampledRequestContext();
}
