// Counting what a write left behind, in tests: Kysely reads count(*) (an int8) as text.
import type { SelectQueryBuilder } from "kysely";
import type { DB, Kdb } from "@/lib/db";

type TableQuery<T extends keyof DB & string> = SelectQueryBuilder<DB, T, object>;

/** How many rows of `table` match `where` (every row without one). */
export async function countRows<T extends keyof DB & string>(
  kdb: Kdb,
  table: T,
  where: (query: TableQuery<T>) => TableQuery<T> = (query) => query,
): Promise<number> {
  const { count } = await where(kdb.selectFrom(table) as unknown as TableQuery<T>)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
