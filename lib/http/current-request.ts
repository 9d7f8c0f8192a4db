// The request being served, for code that cannot await next/headers' headers(): the logger, which is
// synchronous. It comes from Next.js's own store of the request (a global AsyncLocalStorage that Next
// keeps on anyway), so reading it costs no store of our own. Undefined outside a request: in the
// worker, at startup, in tests.
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external";

export function currentRequestHeader(name: string): string | undefined {
  const store = workUnitAsyncStorage.getStore();
  return store?.type === "request" ? (store.headers.get(name) ?? undefined) : undefined;
}
