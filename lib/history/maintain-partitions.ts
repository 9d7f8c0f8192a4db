// Keeps each partitioned history table ready for its writes: the partitions of this month and the next
// MONTHS_AHEAD exist before their first row, and a row that landed in the default partition (its month
// had none: a test's clock, a phone's, an id that is no ULID) is moved into its month's partition, made
// for it. Each partition is made in a statement of its own (history_ensure_partition).
import { kysely, sql } from "@/lib/db";
import { type HistoryTable, HISTORY_TABLES, MONTHS_AHEAD } from "@/lib/history/history-tables";

/** The tables the migration has swapped in (a table still being copied is partitioned as its copy). */
export async function partitionedTables(): Promise<HistoryTable[]> {
  const swapped = await kysely()
    .selectFrom("HistoryMigration")
    .select("table")
    .where("swappedAt", "is not", null)
    .execute();
  const names = new Set(swapped.map((row) => row.table));
  return HISTORY_TABLES.filter((table) => names.has(table.table));
}

/** Makes the missing partitions; returns how many it made. */
export async function maintainPartitions(now: Date = new Date()): Promise<number> {
  let made = 0;
  for (const table of await partitionedTables()) {
    const months = new Set<string>();
    for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
      months.add(firstDayOfMonth(now, ahead));
    }
    for (const month of await monthsInDefaultPartition(table)) months.add(month);
    for (const month of months) {
      const { rows } = await sql<{ made: boolean }>`
        SELECT history_ensure_partition(${table.table}, ${table.keyColumn}, ${table.keyKind}, ${month}::date) AS made`.execute(
        kysely(),
      );
      if (rows[0]?.made) made++;
    }
  }
  return made;
}

function firstDayOfMonth(now: Date, monthsAhead: number): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1))
    .toISOString()
    .slice(0, 10);
}

/** The months ("YYYY-MM-01") of the rows in the default partition, within 2000–2099. */
async function monthsInDefaultPartition(table: HistoryTable): Promise<string[]> {
  const key =
    table.keyKind === "ulid" ? sql`history_ulid_time(${sql.ref(table.keyColumn)})` : sql.ref(table.keyColumn);
  const { rows } = await sql<{ month: string }>`
    SELECT DISTINCT to_char(date_trunc('month', ${key}), 'YYYY-MM-DD') AS month
      FROM ${sql.table(`${table.table}_default`)}
     WHERE ${key} >= '2000-01-01' AND ${key} < '2100-01-01'`.execute(kysely());
  return rows.map((row) => row.month);
}
