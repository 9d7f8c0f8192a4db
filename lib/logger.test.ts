// The logger inside a request: a line that does not name the request id still carries the one the front
// door gave the request, read from Next.js's own request store (lib/request-context/current-request.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";

// Next's server sets this before its stores are made; without it they are stand-ins that hold nothing.
Object.assign(globalThis, { AsyncLocalStorage });
const { workUnitAsyncStorage } = await import("next/dist/server/app-render/work-unit-async-storage.external");
const { logger } = await import("@/lib/logger");

type RequestStore = Parameters<typeof workUnitAsyncStorage.run>[0];

/** Runs `work` as Next.js runs a route handler, a server action or a page: in its request store. */
function inRequest(headers: Record<string, string>, work: () => void): void {
  const store = { type: "request", headers: new Headers(headers) } as unknown as RequestStore;
  workUnitAsyncStorage.run(store, work);
}

function linesOf(write: () => void): Record<string, unknown>[] {
  // Warnings: the unit tests log from "warn" up (vitest.config.ts).
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  write();
  return log.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("logger", () => {
  it("gives a line written inside a request that request's id, unless the line names one", () => {
    const lines = linesOf(() =>
      inRequest({ "x-request-id": "01REQUEST" }, () => {
        logger.warn("display link revoked", { displayLinkId: "dl_1" });
        logger.warn("request", { requestId: "named" });
      }),
    );
    expect(lines).toMatchObject([
      { message: "display link revoked", requestId: "01REQUEST", displayLinkId: "dl_1" },
      { message: "request", requestId: "named" },
    ]);
  });

  it("writes no request id outside a request", () => {
    const [line] = linesOf(() => logger.warn("worker started", { workerId: "w1" }));
    expect(line).not.toHaveProperty("requestId");
    expect(line).toMatchObject({ message: "worker started", workerId: "w1" });
  });
});
