// The request being served, for code that cannot await next/headers' headers(): the logger and the
// trace context, which are synchronous. A request Next serves is in Next's own store of the request (a
// global AsyncLocalStorage that Next keeps on anyway); a request of the API lane (server/api-lane/) is in
// ours, which is on globalThis so that the lane's bundle and Next's share it. Undefined outside a
// request: in the worker, at startup, in tests.
import { AsyncLocalStorage } from "node:async_hooks";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";

type RequestHeaders = Pick<Headers, "get">;

const LANE_REQUESTS = Symbol.for("vms.request-context.lane-requests");
const slots = globalThis as unknown as { [LANE_REQUESTS]?: AsyncLocalStorage<RequestHeaders> };
const laneRequests = (slots[LANE_REQUESTS] ??= new AsyncLocalStorage<RequestHeaders>());

/** Runs the API lane's handling of one request as inside that request. */
export function runInRequest<T>(headers: RequestHeaders, work: () => T): T {
  return laneRequests.run(headers, work);
}

/** Whether this runs inside a request. Cheaper than its headers, which Next.js builds on first read. */
export function insideRequest(): boolean {
  return laneRequests.getStore() !== undefined || workUnitAsyncStorage.getStore()?.type === "request";
}

/** The request's headers, the same object for the whole of one request's work. */
export function currentRequestHeaders(): RequestHeaders | undefined {
  const lane = laneRequests.getStore();
  if (lane) return lane;
  const store = workUnitAsyncStorage.getStore();
  return store?.type === "request" ? store.headers : undefined;
}

export function currentRequestHeader(name: string): string | undefined {
  return currentRequestHeaders()?.get(name) ?? undefined;
}
