// Integration tests run against a real PostgreSQL: TEST_DATABASE_URL, or the local server.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const TEST_SERVER_URL =
  process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function databaseUrlFor(database: string): string {
  const url = new URL(TEST_SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The template's name changes whenever a migration does, so a stale template is never reused. */
export function templateDatabaseName(): string {
  const dir = path.join(process.cwd(), "prisma", "migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name, "migration.sql");
    hash.update(name);
    try {
      hash.update(readFileSync(file));
    } catch {
      // migration_lock.toml and other non-migration entries
    }
  }
  return `vms_test_template_${hash.digest("hex").slice(0, 12)}`;
}
