// pg's statements traced while sampled work is in flight and only then, with none of the pg
// instrumentation's pool listeners: a process started as a web process starts (instrumentation.ts's
// register(), tracing on, every new trace sampled), on a real database, exporting to a real OTLP receiver.
import { afterEach, describe, expect, it } from "vitest";
import { inFreshServerProcess } from "@/test/fresh-server-process";
import { startOtlpReceiver, type OtlpReceiver } from "@/test/otlp-receiver";
import { setupTestDatabase } from "@/test/test-database";

const database = setupTestDatabase();
let otlp: OtlpReceiver | undefined;

afterEach(async () => {
  await otlp?.close();
});

const script = `
  const { register } = await import("./instrumentation.ts");
  await register();
  const { inSpan } = await import("./lib/tracing/spans.ts");
  const { runShutdownHooks } = await import("./lib/shutdown-hooks.ts");
  const { createRequire } = await import("node:module");
  const pg = createRequire(import.meta.url)("pg");
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  await pool.query("SELECT 'before' AS label");
  await inSpan("test.round", { root: true }, async () => {
    const client = await pool.connect();
    try {
      await client.query("SELECT 'sampled' AS label");
    } finally {
      client.release();
    }
  });
  await pool.query("SELECT 'after' AS label");
  const listeners = ["connect", "acquire", "release", "remove"].map((name) => pool.listenerCount(name));
  await pool.end();
  await runShutdownHooks();
  console.log(JSON.stringify({ listeners }));
  process.exit(0);`;

describe("the pg instrumentation's gate", () => {
  it("traces the statements of sampled work only, and adds no listener to the pool", async () => {
    otlp = await startOtlpReceiver();
    const { listeners } = await inFreshServerProcess<{ listeners: number[] }>(script, {
      RUN_WORKER_IN_PROCESS: "false",
      DATABASE_URL: database.url,
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      OTEL_TRACES_SAMPLER: "parentbased_always_on",
      LOG_LEVEL: "silent",
    });
    expect(listeners).toEqual([0, 0, 0, 0]);
    // The flush on the way out has sent everything: the round, and its one statement inside it.
    const round = await otlp.waitForSpan((span) => span.name === "test.round");
    const statements = otlp.spans.filter((span) => span.attributes["db.system.name"] === "postgresql");
    expect(statements.map((span) => span.attributes["db.query.text"])).toEqual(["SELECT 'sampled' AS label"]);
    expect(statements[0]).toMatchObject({ traceId: round.traceId, parentSpanId: round.spanId });
    // No pool checkout span either (ignoreConnectSpans).
    expect(otlp.spans).toHaveLength(2);
  }, 60_000);
});
