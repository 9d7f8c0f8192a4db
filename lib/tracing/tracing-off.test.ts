// With OTEL_EXPORTER_OTLP_ENDPOINT unset, starting the server (instrumentation.ts's register()) loads no
// OpenTelemetry SDK, exporter or instrumentation; set, it does (the same check, seeing them). Each case
// runs in a fresh Node process, as a web process starts. The API package itself is left out: prom-client
// loads it for its exemplars (a no-op facade until a provider registers).
import { describe, expect, it } from "vitest";
import { inFreshServerProcess } from "@/test/fresh-server-process";

/** register() in a new process; what it loaded of OpenTelemetry, and whether tracing started. */
async function registerIn(endpoint: string | undefined) {
  const script = `
    const { register } = await import("./instrumentation.ts");
    await register();
    const { createRequire } = await import("node:module");
    const cache = createRequire(import.meta.url).cache;
    const loaded = Object.keys(cache).filter(
      (file) => file.includes("/node_modules/@opentelemetry/") && !file.includes("/@opentelemetry/api/"),
    );
    const started = globalThis[Symbol.for("vms.tracing.api")] !== undefined;
    // pg as the app requires it (its query traced while sampled work is in flight, by
    // lib/tracing/pg-instrumentation-gate.ts), and whether require-in-the-middle's hook is still on
    // every require (or on process.getBuiltinModule).
    const pgPatched = createRequire(import.meta.url)("pg").Client.prototype.query.name === "queryTracedWhileSampled";
    const requireHooked = [(await import("node:module")).default.prototype.require, process.getBuiltinModule]
      .some((load) => load.toString().includes("_unhooked"));
    console.log(JSON.stringify({ loaded: loaded.length, started, pgPatched, requireHooked }));
    process.exit(0);`;
  return inFreshServerProcess<{
    loaded: number;
    started: boolean;
    pgPatched: boolean;
    requireHooked: boolean;
  }>(script, {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    // Nothing here needs a database: no worker, and the pool connects only when asked.
    RUN_WORKER_IN_PROCESS: "false",
    DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none",
    LOG_LEVEL: "silent",
  });
}

describe("tracing at start-up", () => {
  it("loads no OpenTelemetry SDK while OTEL_EXPORTER_OTLP_ENDPOINT is unset", async () => {
    expect(await registerIn(undefined)).toEqual({
      loaded: 0,
      started: false,
      pgPatched: false,
      requireHooked: false,
    });
  }, 60_000);

  it("starts the SDK when it is set, with pg patched and no hook left on require()", async () => {
    const { loaded, started, pgPatched, requireHooked } = await registerIn("http://127.0.0.1:9");
    expect(started).toBe(true);
    expect(loaded).toBeGreaterThan(10);
    // The hook resolved every later require() again (docs/performance.md, "Metrics and tracing overhead").
    expect({ pgPatched, requireHooked }).toEqual({ pgPatched: true, requireHooked: false });
  }, 60_000);
});
