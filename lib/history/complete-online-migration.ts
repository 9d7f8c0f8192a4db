// The online part of the history tables' move into monthly partitions (migration
// 20261201000000_history_partitions): a table too large to copy inside the migration is copied here,
// 5,000 rows at a time, each batch its own statement and transaction (history_copy_batch: writers wait
// for a batch, readers never), with a rest as long as the batch after each so that the copy leaves the
// database half its time. Then one short transaction swaps the copy in (history_swap). A worker that
// dies mid-copy loses nothing: the copy resumes from the last committed batch, and the trigger has
// kept every write since in step.
import { setTimeout as sleep } from "node:timers/promises";
import { kysely, sql } from "@/lib/db";
import { HISTORY_TABLES } from "@/lib/history/history-tables";
import { logger } from "@/lib/logger";

export const COPY_BATCH_ROWS = 5_000;

/** swapMs: the swap's transaction (the last batch under the table's lock, the renames). */
export type OnlineMigrationOutcome = { table: string; copied: number; swapped: boolean; swapMs?: number };

/** Copies and swaps every table still waiting; stops between batches when `signal` aborts. */
export async function completeOnlineMigrations(
  options: { signal?: AbortSignal; batchRows?: number; restFactor?: number } = {},
): Promise<OnlineMigrationOutcome[]> {
  const pending = await kysely()
    .selectFrom("HistoryMigration")
    .select("table")
    .where("swappedAt", "is", null)
    .execute();
  const outcomes: OnlineMigrationOutcome[] = [];
  for (const { table } of pending) {
    const spec = HISTORY_TABLES.find((candidate) => candidate.table === table);
    if (!spec) continue;
    let copied = 0;
    for (;;) {
      if (options.signal?.aborted) return [...outcomes, { table, copied, swapped: false }];
      const startedAt = performance.now();
      const { rows } = await sql<{ read: number }>`
        SELECT history_copy_batch(${table}, ${spec.keyColumn}, ${spec.keyKind}, ${options.batchRows ?? COPY_BATCH_ROWS}) AS read`.execute(
        kysely(),
      );
      const read = rows[0]?.read ?? 0;
      copied += read;
      if (read === 0) break;
      await sleep((performance.now() - startedAt) * (options.restFactor ?? 1));
    }
    const swapStarted = performance.now();
    await sql`SELECT history_swap(${table}, ${spec.keyColumn}, ${spec.keyKind})`.execute(kysely());
    const swapMs = Math.round(performance.now() - swapStarted);
    logger.info("history table partitioned", { table, copied, swapMs });
    outcomes.push({ table, copied, swapped: true, swapMs });
  }
  return outcomes;
}
