// The request being served, for code that cannot await next/headers' headers(): the logger and the
// trace context, which are synchronous. It comes from Next.js's own store of the request (a global
// AsyncLocalStorage that Next keeps on anyway), so reading it costs no store of our own. Undefined
// outside a request: in the worker, at startup, in tests.
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";

/** Whether this runs inside a request. Cheaper than its headers, which Next.js builds on first read. */
export function insideRequest(): boolean {
  return workUnitAsyncStorage.getStore()?.type === "request";
}

/** The request's headers, the same object for the whole of one request's work. */
export function currentRequestHeaders(): Pick<Headers, "get"> | undefined {
  const store = workUnitAsyncStorage.getStore();
  return store?.type === "request" ? store.headers : undefined;
}

export function currentRequestHeader(name: string): string | undefined {
  return currentRequestHeaders()?.get(name) ?? undefined;
}
