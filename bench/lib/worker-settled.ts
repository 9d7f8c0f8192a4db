// Waits for the worker's first passes: a server started on a database with report days to roll up
// (demo data, or writes since the last run) works through them for tens of seconds to minutes, beside
// whatever is timed. Benchmarks time their views after it, beside the worker's usual work only.
import { withClient } from "@/bench/lib/database";

const SETTLE_LIMIT_MS = 180_000;

/** Until no report day waits for its roll-up, or three minutes; says how long it took. */
export async function workerSettled(databaseUrl: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const { rows } = await withClient(databaseUrl, (client) =>
      client.query<{ days: string }>(`SELECT count(*) AS days FROM "ReportDirtyDay"`),
    );
    if (Number(rows[0]?.days) === 0 || performance.now() - started > SETTLE_LIMIT_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  console.log(`Worker settled after ${Math.round((performance.now() - started) / 1000)} s`);
}
