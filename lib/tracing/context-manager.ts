// OpenTelemetry's context for this process, without a store of ours switched on while requests run.
// On Node 20 an enabled AsyncLocalStorage is copied onto every promise and callback the process makes,
// whoever makes them: the SDK's context manager kept its store on for good from the first context
// entered (the span exporter enters one for each batch), and that cost every request CPU, traced or not
// (docs/performance.md, "Metrics and tracing overhead"). So:
// - inside a request, the context comes from the request itself: the front door writes the request
//   span's traceparent into its headers (request-span.mjs), and Next.js keeps the request in a store it
//   has anyway (lib/http/current-request.ts);
// - work that enters a context (a sampled worker round and its attempts, the exporter, the pg
//   instrumentation's callbacks) switches the store on, and the store goes off again once no such work
//   is left in flight.
import { AsyncLocalStorage } from "node:async_hooks";
import * as api from "@opentelemetry/api";
import { currentRequestHeaders } from "@/lib/http/current-request";
import { workContext } from "@/lib/tracing/tracing-api.mjs";

export class RequestContextManager implements api.ContextManager {
  readonly #entered = new AsyncLocalStorage<api.Context>();
  /** Work inside an entered context still in flight: the store is on while there is any. */
  #inFlight = 0;
  /** Each request's context, made once from its headers. */
  readonly #byRequest = new WeakMap<object, api.Context>();

  active(): api.Context {
    return this.#entered.getStore() ?? this.#requestContext();
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: api.Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    this.#inFlight += 1;
    let result: ReturnType<F>;
    try {
      result = this.#entered.run(context, () => fn.call(thisArg, ...args));
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
      return manager.with(context, () => target.apply(this, args));
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    this.#entered.disable();
    return this;
  }

  readonly #leave = (): void => {
    this.#inFlight -= 1;
    if (this.#inFlight === 0) this.#entered.disable();
  };

  /**
   * The request span's context: active while sampled (its SQL spans become its children), else only its
   * ids, for the log lines (tracing-api.mjs's workContext). The root context outside a request.
   */
  #requestContext(): api.Context {
    const headers = currentRequestHeaders();
    if (!headers) return api.ROOT_CONTEXT;
    let context = this.#byRequest.get(headers);
    if (!context) {
      const extracted = api.propagation.extract(api.ROOT_CONTEXT, {
        traceparent: headers.get("traceparent"),
      });
      const spanContext = api.trace.getSpanContext(extracted);
      context =
        spanContext && api.isSpanContextValid(spanContext)
          ? workContext(
              api,
              api.ROOT_CONTEXT,
              spanContext,
              (spanContext.traceFlags & api.TraceFlags.SAMPLED) !== 0,
            )
          : api.ROOT_CONTEXT;
      this.#byRequest.set(headers, context);
    }
    return context;
  }
}
