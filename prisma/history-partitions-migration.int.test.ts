// The history tables' move into monthly partitions (migration 20261201000000_history_partitions, issue 38
// §3) on a database that holds more than the migration copies itself: the worker's online copy runs in
// batches while writers insert, update and delete on the live table, then swaps. Nothing is lost, no
// change is missed, every month gets its partition, and the table ends as the Prisma schema names it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, kysely, sql } from "@/lib/db";
import { completeOnlineMigrations } from "@/lib/history/complete-online-migration";
import { newId } from "@/lib/ids";
import { applyMigrationsBefore, migrationSql } from "@/test/migration-files";
import { withClient } from "@/test/pg-client";
import { databaseUrlFor, TEST_SERVER_URL } from "@/test/test-database-url";

const MIGRATION = "20261201000000_history_partitions";
const name = `vms_test_history_online_${process.pid}`;
const url = databaseUrlFor(name);
/** More than the migration copies itself (50,000), over 14 months. */
const OLD_EVENTS = 60_000;
const DELIVERIES = 20_000;

beforeAll(async () => {
  await withClient(TEST_SERVER_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  await withClient(url, async (client) => {
    await applyMigrationsBefore(client, MIGRATION);
    await client.query(`
      INSERT INTO "Organisation" (id, name) VALUES ('org', 'Org');
      INSERT INTO "Profile" (id, "organisationId", name, "ownerEmail") VALUES ('profile', 'org', 'P', 'p@example.com');
      INSERT INTO "WebhookEndpoint" (id, "profileId", url, "updatedAt", "organisationId")
        VALUES ('endpoint', 'profile', 'https://example.com/hook', now(), 'org');
      CREATE FUNCTION pg_temp.ulid_at(at TIMESTAMP, n BIGINT) RETURNS TEXT LANGUAGE plpgsql AS $$
      DECLARE
        alphabet CONSTANT TEXT := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
        ms BIGINT := floor(extract(epoch FROM at) * 1000)::BIGINT;
        encoded TEXT := '';
        rest BIGINT := n;
      BEGIN
        FOR i IN 1..10 LOOP encoded := substr(alphabet, (ms % 32)::INT + 1, 1) || encoded; ms := ms / 32; END LOOP;
        FOR i IN 1..16 LOOP encoded := encoded || substr(alphabet, (rest % 32)::INT + 1, 1); rest := rest / 32; END LOOP;
        RETURN encoded;
      END $$;
      -- One event every ten minutes back from now: some 14 months.
      INSERT INTO "Event" (id, "organisationId", "profileId", type, "resourceType", "resourceId",
                           "resourceVersion", "occurredAt", payload, "createdAt")
      SELECT pg_temp.ulid_at(at, n), 'org', 'profile', 'movement.collected', 'movement', 'leg' || n, 1, at,
             jsonb_build_object('n', n), at
        FROM generate_series(1, ${OLD_EVENTS}) AS n,
             LATERAL (SELECT (now() AT TIME ZONE 'UTC') - n * INTERVAL '10 minutes' AS at) AS times;
      INSERT INTO "WebhookDelivery" (id, "organisationId", "endpointId", "eventId", status, "createdAt", "nextAttemptAt")
      SELECT pg_temp.ulid_at("occurredAt", 7), 'org', 'endpoint', id, 'SUCCEEDED', "occurredAt", "occurredAt"
        FROM "Event" ORDER BY id DESC LIMIT ${DELIVERIES};`);
    await client.query(migrationSql(MIGRATION));
  });
  process.env.DATABASE_URL = url;
}, 240_000);

afterAll(async () => {
  await closeDatabase();
  await withClient(TEST_SERVER_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
});

describe("the history tables' move into monthly partitions", () => {
  it("swaps a small table inside the migration and leaves a large one to the worker", async () => {
    const migrations = await kysely()
      .selectFrom("HistoryMigration")
      .select(["table", "copiedRows", "swappedAt"])
      .orderBy("table")
      .execute();
    const byTable = Object.fromEntries(migrations.map((row) => [row.table, row]));
    expect(byTable.Event?.swappedAt).toBeNull();
    expect(byTable.WebhookDelivery?.swappedAt).not.toBeNull();
    expect(Number(byTable.WebhookDelivery?.copiedRows)).toBe(DELIVERIES);
    expect(await relationKind("Event")).toBe("r");
    expect(await relationKind("WebhookDelivery")).toBe("p");
  });

  it(
    "copies the large one online while writers change it, and loses nothing",
    { timeout: 180_000 },
    async () => {
      const expected = new Map<string, number | null>();
      const old = await kysely().selectFrom("Event").select(["id", "payload"]).orderBy("id").execute();
      for (const row of old) expected.set(row.id, (row.payload as { n: number }).n);

      // Writers on the live table for as long as the copy runs: new events, changed payloads of rows
      // the copy has and has not yet reached, and deleted ones.
      let copying = true;
      let writes = 0;
      const writer = (async () => {
        let n = 0;
        while (copying) {
          n++;
          const id = newId();
          await kysely()
            .insertInto("Event")
            .values({
              id,
              organisationId: "org",
              profileId: "profile",
              type: "movement.delivered",
              resourceType: "movement",
              resourceId: `new${n}`,
              resourceVersion: 1,
              occurredAt: new Date(),
              payload: sql`${JSON.stringify({ n: -n })}::jsonb`,
            })
            .execute();
          expected.set(id, -n);
          const target = old[(n * 7919) % old.length]!.id;
          if (n % 5 === 0) {
            await kysely().deleteFrom("Event").where("id", "=", target).execute();
            expected.set(target, null);
          } else if (expected.get(target) !== null) {
            await kysely()
              .updateTable("Event")
              .set({ payload: sql`${JSON.stringify({ n: 1_000_000 + n })}::jsonb` })
              .where("id", "=", target)
              .execute();
            expected.set(target, 1_000_000 + n);
          }
          writes++;
        }
      })();
      const outcomes = await completeOnlineMigrations({ batchRows: 5_000 });
      copying = false;
      await writer;

      expect(outcomes).toEqual([
        { table: "Event", copied: expect.any(Number), swapped: true, swapMs: expect.any(Number) },
      ]);
      expect(writes).toBeGreaterThan(10);
      expect(await relationKind("Event")).toBe("p");
      const rows = await kysely().selectFrom("Event").select(["id", "payload"]).execute();
      const actual = new Map(rows.map((row) => [row.id, (row.payload as { n: number }).n]));
      const kept = [...expected].filter(([, value]) => value !== null);
      expect(actual.size).toBe(kept.length);
      for (const [id, value] of kept) expect(actual.get(id), id).toBe(value);

      // A partition for each month the rows span; none left in the default partition.
      const months = await sql<{ name: string; rows: string }>`
      SELECT child.relname AS name, (SELECT count(*) FROM "Event" e WHERE e.tableoid = child.oid) AS rows
        FROM pg_inherits JOIN pg_class child ON child.oid = pg_inherits.inhrelid
       WHERE pg_inherits.inhparent = '"Event"'::regclass ORDER BY child.relname`.execute(kysely());
      const names = months.rows.map((row) => row.name);
      expect(names.filter((each) => /^Event_p\d{6}$/.test(each)).length).toBeGreaterThanOrEqual(15);
      expect(months.rows.find((row) => row.name === "Event_default")?.rows).toBe("0");
    },
  );

  it("ends with the schema's names, its sequence, and writes that still work", async () => {
    const indexes = await sql<{ name: string }>`
      SELECT indexname AS name FROM pg_indexes WHERE tablename = 'Event' ORDER BY indexname`.execute(
      kysely(),
    );
    expect(indexes.rows.map((row) => row.name)).toEqual([
      "Event_occurredAt_idx",
      "Event_organisationId_sequence_idx",
      "Event_pkey",
      "Event_profileId_occurredAt_id_idx",
      "Event_resourceType_resourceId_resourceVersion_type_idx",
      "Event_sequence_idx",
    ]);
    const owner = await sql<{ owner: string }>`
      SELECT pg_get_serial_sequence('"Event"', 'sequence') AS owner`.execute(kysely());
    expect(owner.rows[0]?.owner).toBe('public."Event_sequence_seq"');
    const leftovers = await sql<{ name: string }>`
      SELECT relname AS name FROM pg_class WHERE relname LIKE '%\\_\\_next%' OR relname LIKE 'history\\_old\\_%'`.execute(
      kysely(),
    );
    expect(leftovers.rows).toEqual([]);
    const { sequence } = await kysely()
      .insertInto("Event")
      .values({
        id: newId(),
        organisationId: "org",
        profileId: "profile",
        type: "movement.delivered",
        resourceType: "movement",
        resourceId: "after",
        resourceVersion: 1,
        occurredAt: new Date(),
        payload: sql`'{}'::jsonb`,
      })
      .returning("sequence")
      .executeTakeFirstOrThrow();
    expect(Number(sequence)).toBeGreaterThan(OLD_EVENTS);
    // The delivery table kept its storage setting on every partition (a claim is a HOT update).
    const fillfactors = await sql<{ options: string[] | null }>`
      SELECT child.reloptions AS options FROM pg_inherits JOIN pg_class child ON child.oid = pg_inherits.inhrelid
       WHERE pg_inherits.inhparent = '"WebhookDelivery"'::regclass`.execute(kysely());
    for (const row of fillfactors.rows) expect(row.options).toEqual(["fillfactor=70"]);
  });
});

async function relationKind(table: string): Promise<string | undefined> {
  const { rows } = await sql<{ kind: string }>`
    SELECT relkind AS kind FROM pg_class WHERE oid = ${`"${table}"`}::regclass`.execute(kysely());
  return rows[0]?.kind;
}
