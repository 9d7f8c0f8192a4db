// OpenTelemetry's context for this process, without a store of our own in a web request.
// An AsyncLocalStorage is copied, on Node 20, onto every promise and callback the process makes while it
// is enabled, whoever makes them: the context manager's own store cost every request about 5 % of its
// CPU, traced or not (docs/performance.md, "Metrics and tracing overhead"). So inside a request the
// context comes from the request itself: the front door writes the request span's traceparent into its
// headers (request-span.mjs), and Next.js keeps the request in a store it has anyway
// (lib/http/current-request.ts). Only work that enters a context explicitly, the worker's traced rounds
// and attempts (lib/tracing/spans.ts), turns the AsyncLocalStorage store on.
import * as api from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { currentRequestHeaders } from "@/lib/http/current-request";
import { workContext } from "@/lib/tracing/tracing-api.mjs";

export class RequestContextManager implements api.ContextManager {
  readonly #entered = new AsyncLocalStorageContextManager();
  /** Each request's context, made once from its headers. */
  readonly #byRequest = new WeakMap<object, api.Context>();

  active(): api.Context {
    const entered = this.#entered.active();
    return entered !== api.ROOT_CONTEXT ? entered : this.#requestContext();
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: api.Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    return this.#entered.with(context, fn, thisArg, ...args);
  }

  bind<T>(context: api.Context, target: T): T {
    return this.#entered.bind(context, target);
  }

  enable(): this {
    this.#entered.enable();
    return this;
  }

  disable(): this {
    this.#entered.disable();
    return this;
  }

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
