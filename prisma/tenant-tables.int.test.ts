// Every table of the migrated schema carries its tenant key, "organisationId" (the column Citus would
// distribute by: docs/scaling.md), unless it is listed below with the reason it is not a tenant's. A new
// table without the column fails here, and so does an exception that no longer exists or has gained it.
import { describe, expect, it } from "vitest";
import { sql } from "@/lib/db";
import { setupTestDatabase } from "@/test/test-database";

/** The tables that hold no tenant's rows, and why (docs/scaling.md, "Reference and local tables"). */
const NOT_TENANT_TABLES: Record<string, string> = {
  Organisation: "The tenants themselves: its id is the tenant key (distributed by id under Citus).",
  ThirdPartyLogisticsProvider:
    "Carriers shared by every organisation (ProfileProvider says which profiles use one): reference data.",
  SignInThrottle: "Keyed by client address and e-mail before anyone is signed in: no tenant is known yet.",
  WorkerHeartbeat: "One row per worker process of the service, which serves every tenant.",
  ReadFence:
    "Read-your-writes per caller (an API key, a staff user): each key is one tenant's, the row its WAL position; service plumbing, UNLOGGED.",
  WebhookBacklogSample: "The service-wide outbox backlog, sampled each minute for the operators' chart.",
  HistoryMigration:
    "The service's own record of each history table's move into monthly partitions (one row per table).",
  HistoryArchive:
    "Which months of the history tables were archived and where: the months hold every tenant's rows, each row keeps its organisationId in the archive.",
  _prisma_migrations: "Prisma's record of the applied migrations.",
};

const database = setupTestDatabase();

async function publicTables(): Promise<{ name: string; hasTenantKey: boolean }[]> {
  const { rows } = await sql<{ name: string; hasTenantKey: boolean }>`
    SELECT t.table_name AS name,
           EXISTS (SELECT 1 FROM information_schema.columns c
                    WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name
                      AND c.column_name = 'organisationId') AS "hasTenantKey"
      FROM information_schema.tables t
     WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
     ORDER BY t.table_name`.execute(database.kysely);
  return rows;
}

async function unlistedTablesWithoutTenantKey(): Promise<string[]> {
  return (await publicTables())
    .filter((table) => !table.hasTenantKey && !(table.name in NOT_TENANT_TABLES))
    .map((table) => table.name);
}

describe("the tenant key", () => {
  it("is a column of every table that is not a listed exception", async () => {
    expect((await publicTables()).length).toBeGreaterThan(Object.keys(NOT_TENANT_TABLES).length);
    expect(
      await unlistedTablesWithoutTenantKey(),
      "tables without organisationId: add the column, or list the table with a reason",
    ).toEqual([]);
  });

  it("finds a new table that lacks it", async () => {
    await sql`CREATE TABLE "TenantKeyProbe" (id TEXT PRIMARY KEY)`.execute(database.kysely);
    try {
      expect(await unlistedTablesWithoutTenantKey()).toEqual(["TenantKeyProbe"]);
    } finally {
      await sql`DROP TABLE "TenantKeyProbe"`.execute(database.kysely);
    }
  });

  it("lists only exceptions that exist and still lack it", async () => {
    const tables = new Map((await publicTables()).map((table) => [table.name, table.hasTenantKey]));
    const stale = Object.keys(NOT_TENANT_TABLES).filter(
      (name) => !tables.has(name) || tables.get(name) === true,
    );
    expect(stale, "exceptions that no longer exist or now carry organisationId").toEqual([]);
  });
});
