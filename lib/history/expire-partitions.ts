// Retention of the history tables: a month whose partition holds nothing its table still keeps
// (retention.ts) is detached, so that no row can reach it any more (a late row goes to the default
// partition), then archived whole as compressed NDJSON (archive-partition.ts), recorded in
// HistoryArchive, and dropped. No DELETE: a month goes as one file. A pass that stops after the detach
// leaves the month as a table of its own, which the next pass archives and drops. The detach waits at
// most LOCK_TIMEOUT for its lock (queries queue behind a waiting lock) and is otherwise tried next pass.
import { kysely, sql, transaction } from "@/lib/db";
import { archivePartition } from "@/lib/history/archive-partition";
import { type HistoryTable, partitionName } from "@/lib/history/history-tables";
import { partitionedTables } from "@/lib/history/maintain-partitions";
import { monthExpired, tableRetentionCutoff } from "@/lib/history/retention";
import { logger } from "@/lib/logger";

const LOCK_TIMEOUT = "1s";

export type ExpiredMonth = { table: string; month: string; rows: number; location: string };

export async function expirePartitions(
  now: Date = new Date(),
  options: { signal?: AbortSignal } = {},
): Promise<ExpiredMonth[]> {
  const expired: ExpiredMonth[] = [];
  for (const table of await partitionedTables()) {
    const cutoff = tableRetentionCutoff(table, now);
    for (const month of await partitionMonths(table)) {
      if (monthExpired(month, cutoff)) await detachMonth(table, month);
    }
    for (const month of await detachedMonths(table)) {
      if (options.signal?.aborted) return expired;
      expired.push(await archiveAndDrop(table, month));
    }
  }
  return expired;
}

async function detachMonth(table: HistoryTable, month: string): Promise<void> {
  try {
    await transaction(async (tx) => {
      await sql`SET LOCAL lock_timeout = ${sql.lit(LOCK_TIMEOUT)}`.execute(tx);
      await sql`ALTER TABLE ${sql.table(table.table)} DETACH PARTITION ${sql.table(partitionName(table.table, month))}`.execute(
        tx,
      );
    });
  } catch (error) {
    // 55P03 lock_not_available: busy now, detached on a later pass.
    if ((error as { code?: string }).code !== "55P03") throw error;
    logger.warn("history month not detached yet: its table is busy", { table: table.table, month });
  }
}

async function archiveAndDrop(table: HistoryTable, month: string): Promise<ExpiredMonth> {
  const partition = partitionName(table.table, month);
  const earlier = await kysely()
    .selectFrom("HistoryArchive")
    .select((eb) => eb.fn.countAll<string>().as("parts"))
    .where("table", "=", table.table)
    .where("month", "=", month)
    .executeTakeFirstOrThrow();
  const written = await archivePartition({
    table: table.table,
    partition,
    month,
    part: Number(earlier.parts) + 1,
  });
  await transaction(async (tx) => {
    await tx
      .insertInto("HistoryArchive")
      .values({
        table: table.table,
        month,
        location: written.key,
        rows: String(written.rows),
        bytes: String(written.bytes),
      })
      .execute();
    await sql`DROP TABLE ${sql.table(partition)}`.execute(tx);
  });
  logger.info("history month archived and dropped", { table: table.table, month, ...written });
  return { table: table.table, month, rows: written.rows, location: written.key };
}

/** The months ("YYYY-MM") of a table's monthly partitions, oldest first. */
export async function partitionMonths(table: HistoryTable): Promise<string[]> {
  return monthsOfTables(table, true);
}

/** Months detached for archiving: tables named as a partition of the table that are not one any more. */
function detachedMonths(table: HistoryTable): Promise<string[]> {
  return monthsOfTables(table, false);
}

async function monthsOfTables(table: HistoryTable, attached: boolean): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT relname AS name FROM pg_class
     WHERE relkind = 'r' AND relispartition = ${attached}
       AND relnamespace = current_schema()::regnamespace
       AND relname LIKE ${`${table.table}\\_p%`}
     ORDER BY relname`.execute(kysely());
  const pattern = new RegExp(`^${table.table}_p(\\d{4})(\\d{2})$`);
  return rows.flatMap((row) => {
    const match = pattern.exec(row.name);
    return match ? [`${match[1]}-${match[2]}`] : [];
  });
}
