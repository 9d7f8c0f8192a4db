// Gives a test file a fresh database of its own, cloned from the migrated template, and points the
// application's kysely() at it. Call setupTestDatabase() at the top of an integration test file.
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { withClient } from "@/test/pg-client";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, kysely, type Kdb } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { createPrismaClient } from "@/prisma/client";
import { databaseUrlFor, TEST_SERVER_URL, templateDatabaseName } from "@/test/test-database-url";

/** `kysely` for the test's own queries; `prisma` for the row builders of prisma/factories only. */
export type TestDatabase = { url: string; name: string; prisma: PrismaClient; kysely: Kdb };

export async function createTestDatabase(): Promise<{
  url: string;
  name: string;
  drop: () => Promise<void>;
}> {
  const name = `vms_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName()}"`));
  return {
    url: databaseUrlFor(name),
    name,
    drop: async () => {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

export function setupTestDatabase(): TestDatabase {
  const handle = {} as TestDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    // lib/env reads this on first use; nothing in the file has touched the database yet.
    process.env.DATABASE_URL = database.url;
    const prisma = createPrismaClient(database.url);
    Object.assign(handle, { url: database.url, name: database.name, prisma, kysely: kysely() });
  });
  afterAll(async () => {
    await handle.prisma?.$disconnect();
    await closeDatabase();
    await drop?.();
  });
  return handle;
}

function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  return withClient(TEST_SERVER_URL, work);
}
