// --reset: empties every table of the schema except Prisma's migration history.
import type { FactoryDb } from "@/prisma/factories";

export async function truncateAllTables(db: FactoryDb): Promise<number> {
  const tables = await db.$queryRaw<Array<{ name: string }>>`
    SELECT tablename::text AS name FROM pg_tables
    WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`;
  if (tables.length === 0) return 0;
  const list = tables.map(({ name }) => `"${name.replaceAll('"', '""')}"`).join(", ");
  await db.$executeRawUnsafe(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`);
  return tables.length;
}
