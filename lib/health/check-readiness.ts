// Readiness: the database answers, and every migration in prisma/migrations has been applied.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { kysely, sql } from "@/lib/db";

export type Readiness = { ready: boolean; checks: { database: string; migrations: string } };

const DATABASE_TIMEOUT_MS = 2_000;

export async function checkReadiness(): Promise<Readiness> {
  try {
    // Prisma's own bookkeeping table, outside the schema's types.
    const { rows: applied } = await withTimeout(
      sql<{ migration_name: string }>`
        SELECT migration_name::text FROM _prisma_migrations
        WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`.execute(kysely()),
      DATABASE_TIMEOUT_MS,
    );
    const expected = await expectedMigrations();
    const appliedNames = new Set(applied.map((row) => row.migration_name));
    const pending = expected.filter((name) => !appliedNames.has(name));
    const migrations = pending.length === 0 ? "ok" : `pending: ${pending.join(", ")}`;
    return { ready: pending.length === 0, checks: { database: "ok", migrations } };
  } catch {
    return { ready: false, checks: { database: "unreachable", migrations: "unknown" } };
  }
}

async function expectedMigrations(): Promise<string[]> {
  const entries = await readdir(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}
