// The plans of the statements a query function runs: a Kysely plugin records each compiled statement,
// then each runs again under EXPLAIN (ANALYZE, BUFFERS). For docs/reports.md; figures only.
import { withClient } from "@/bench/lib/database";
import type { Kdb } from "@/lib/db";

type Plugin = Parameters<Kdb["withPlugin"]>[0];
type Statement = { sql: string; parameters: readonly unknown[] };

export async function explainQueries(
  databaseUrl: string,
  kdb: Kdb,
  run: (recording: Kdb) => Promise<unknown>,
): Promise<string[]> {
  const statements: Statement[] = [];
  const recorder: Plugin = {
    transformQuery(args) {
      const compiled = kdb.getExecutor().compileQuery(args.node, args.queryId);
      statements.push({ sql: compiled.sql, parameters: compiled.parameters });
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  await run(kdb.withPlugin(recorder));
  return withClient(databaseUrl, async (client) => {
    const plans: string[] = [];
    for (const statement of statements) {
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.sql}`,
        [...statement.parameters],
      );
      plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    return plans;
  });
}
