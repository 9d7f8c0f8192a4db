// The database's own time per request (issue #38: "the database's CPU per create"), from
// pg_stat_statements: the execution and planning time of every statement run in one database while a
// load runs. It needs the module preloaded (`shared_preload_libraries = 'pg_stat_statements'`, then a
// restart); without it the timer is undefined and the benchmark says so.
import { withClient } from "@/bench/lib/database";

export type StatementTimer = {
  /** Empties the counters (of every database: one benchmark runs at a time). */
  reset: () => Promise<void>;
  /** Milliseconds spent in this database's statements since the reset, and how many ran. */
  read: () => Promise<{ ms: number; calls: number }>;
  /** The statements that took the most time since the reset: ms, calls and the text's start. */
  top: (count: number) => Promise<{ ms: number; calls: number; statement: string }[]>;
};

export async function statementTimer(databaseUrl: string): Promise<StatementTimer | undefined> {
  try {
    await withClient(databaseUrl, async (client) => {
      await client.query("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      await client.query("SELECT 1 FROM pg_stat_statements LIMIT 1");
    });
  } catch (error) {
    console.log(
      `pg_stat_statements unavailable (${(error as Error).message}): no database time per request.`,
    );
    return undefined;
  }
  return {
    reset: () =>
      withClient(
        databaseUrl,
        async (client) => void (await client.query("SELECT pg_stat_statements_reset()")),
      ),
    read: () =>
      withClient(databaseUrl, async (client) => {
        const { rows } = await client.query<{ ms: number | null; calls: string | null }>(
          `SELECT sum(total_exec_time + total_plan_time)::float8 AS ms, sum(calls) AS calls
           FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        return { ms: rows[0]?.ms ?? 0, calls: Number(rows[0]?.calls ?? 0) };
      }),
    top: (count) =>
      withClient(databaseUrl, async (client) => {
        const { rows } = await client.query<{ ms: number; calls: string; statement: string }>(
          `SELECT (total_exec_time + total_plan_time)::float8 AS ms, calls,
             left(regexp_replace(query, '\s+', ' ', 'g'), 120) AS statement
           FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
           ORDER BY 1 DESC LIMIT $1`,
          [count],
        );
        return rows.map((row) => ({
          ms: Math.round(row.ms),
          calls: Number(row.calls),
          statement: row.statement,
        }));
      }),
  };
}
