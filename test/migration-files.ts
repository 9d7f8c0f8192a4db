// The committed migrations' SQL, for tests and benchmarks that build a database as it stood before a
// migration (to apply that one over data), as `prisma migrate deploy` would: each file in name order.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

const migrationsDir = path.resolve(import.meta.dirname, "..", "prisma", "migrations");

export function migrationSql(migration: string): string {
  return readFileSync(path.join(migrationsDir, migration, "migration.sql"), "utf8");
}

/** Applies every migration named before `migration` (not it). */
export async function applyMigrationsBefore(client: pg.Client, migration: string): Promise<void> {
  const names = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name < migration)
    .map((entry) => entry.name)
    .sort();
  for (const name of names) await client.query(migrationSql(name));
}
