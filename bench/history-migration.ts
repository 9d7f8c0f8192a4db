// Issue 38 §3: the history tables' move into monthly partitions, online, on a large Event table. Builds a
// database as it stood before migration 20261201000000_history_partitions, fills Event with BENCH_EVENTS
// rows over 24 months (default 2,000,000, envelopes of ~1 kB as published events carry), and then:
//   1. writers insert events as the service does (one statement each, WRITERS at once) for PHASE_SECONDS:
//      the latency before the migration;
//   2. the migration is applied (its time is the deploy's), then the worker's online copy runs while the
//      writers go on: the copy's rate, the writes' latency while it runs, and the swap's time;
//   3. the writers again, on the partitioned table.
// Every row is then counted: the copy loses nothing. Figures go to bench/results/.
// Run: npm run bench:history   (BENCH_EVENTS, WRITERS (4), PHASE_SECONDS (20))
import { createBenchDatabase, withClient } from "@/bench/lib/database";
import { latencySummary } from "@/bench/lib/latency-percentiles";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { machineInfo, writeResult } from "@/bench/lib/results";
import { markdownTable, printTable, type Row } from "@/bench/lib/table";
import { closeDatabase, kysely, sql } from "@/lib/db";
import { completeOnlineMigrations } from "@/lib/history/complete-online-migration";
import { newId } from "@/lib/ids";
import { applyMigrationsBefore, migrationSql } from "@/test/migration-files";

const MIGRATION = "20261201000000_history_partitions";
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2_000_000);
const WRITERS = Number(process.env.WRITERS ?? 4);
const PHASE_MS = Number(process.env.PHASE_SECONDS ?? 20) * 1000;
const ENVELOPE = JSON.stringify({ eventType: "movement.collected", padding: "x".repeat(900) });

const machine = machineInfo(await postgresVersion());
console.log(`History partitions, online: ${EVENTS.toLocaleString("en")} events, ${machine.uptime}`);
const database = await createBenchDatabase("history");
await withClient(database.url, async (client) => {
  console.log("  migrations before the partitions…");
  await applyMigrationsBefore(client, MIGRATION);
  await client.query(`
    INSERT INTO "Organisation" (id, name) VALUES ('org', 'Org');
    INSERT INTO "Profile" (id, "organisationId", name, "ownerEmail") VALUES ('profile', 'org', 'P', 'p@example.com');`);
  console.log(`  ${EVENTS.toLocaleString("en")} events over 24 months…`);
  const started = performance.now();
  await client.query(`SET synchronous_commit = off`);
  // The same ULID text the service makes: the instant's ten characters, then a unique tail.
  await client.query(
    `CREATE FUNCTION pg_temp.ulid_time(at TIMESTAMP) RETURNS TEXT LANGUAGE plpgsql IMMUTABLE AS $$
     DECLARE alphabet CONSTANT TEXT := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
             ms BIGINT := floor(extract(epoch FROM at) * 1000)::BIGINT; encoded TEXT := '';
     BEGIN FOR i IN 1..10 LOOP encoded := substr(alphabet, (ms % 32)::INT + 1, 1) || encoded; ms := ms / 32; END LOOP;
           RETURN encoded; END $$`,
  );
  await client.query(
    `INSERT INTO "Event" (id, "organisationId", "profileId", type, "resourceType", "resourceId",
                          "resourceVersion", "occurredAt", payload, envelope, "createdAt")
     SELECT pg_temp.ulid_time(at) || lpad(n::text, 16, '0'), 'org', 'profile', 'movement.collected',
            'movement', 'leg' || (n / 4), 1 + n % 4, at, '{"status":"IN_PROGRESS"}', $2, at
       FROM generate_series(1, $1::int) AS n,
            LATERAL (SELECT (now() AT TIME ZONE 'UTC') - (n * (730 * 86400.0 / $1)) * INTERVAL '1 second' AS at) AS t`,
    [EVENTS, ENVELOPE],
  );
  await client.query(`VACUUM (ANALYZE) "Event"`);
  console.log(`  inserted in ${((performance.now() - started) / 1000).toFixed(0)} s`);
});
process.env.DATABASE_URL = database.url;

/** WRITERS loops inserting one event each until `until` resolves; each insert's time. */
async function write(until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (!done) {
        const started = performance.now();
        const id = newId();
        await kysely()
          .insertInto("Event")
          .values({
            id,
            organisationId: "org",
            profileId: "profile",
            type: "movement.delivered",
            resourceType: "movement",
            // Before the migration each resource's version has one event (a unique key).
            resourceId: id,
            resourceVersion: 1,
            occurredAt: new Date(),
            payload: sql`'{}'::jsonb`,
            envelope: ENVELOPE,
          })
          .execute();
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rows: Row[] = [];
const phase = (name: string, times: number[], seconds: number, extra: Row = {}) => {
  const summary = latencySummary(times);
  const row: Row = {
    phase: name,
    writes: summary.count,
    "writes/s": Math.round(summary.count / seconds),
    "p50 ms": summary.p50Ms,
    "p99 ms": summary.p99Ms,
    "max ms": summary.maxMs,
    ...extra,
  };
  rows.push(row);
  printTable(name, [row]);
};

phase("before", await write(pause(PHASE_MS)), PHASE_MS / 1000);

const migrationStarted = performance.now();
await withClient(database.url, (client) => client.query(migrationSql(MIGRATION)));
const migrationMs = performance.now() - migrationStarted;
console.log(`  migration applied in ${(migrationMs / 1000).toFixed(1)} s (the large Event left to the copy)`);

const copyStarted = performance.now();
const copy = completeOnlineMigrations();
const during = await write(copy);
const copySeconds = (performance.now() - copyStarted) / 1000;
const [outcome] = await copy;
phase("during the online copy", during, copySeconds, {
  "rows copied": outcome?.copied ?? 0,
  "copy rows/s": Math.round((outcome?.copied ?? 0) / copySeconds),
  "copy s": Math.round(copySeconds),
  "swap ms": outcome?.swapMs ?? null,
});

phase("after (partitioned)", await write(pause(PHASE_MS)), PHASE_MS / 1000);

const check = await sql<{ kind: string; rows: string; partitions: string; inDefault: string }>`
  SELECT (SELECT relkind FROM pg_class WHERE oid = '"Event"'::regclass) AS kind,
         (SELECT count(*) FROM "Event") AS rows,
         (SELECT count(*) FROM pg_inherits WHERE inhparent = '"Event"'::regclass) AS partitions,
         (SELECT count(*) FROM "Event_default") AS "inDefault"`.execute(kysely());
const state = check.rows[0]!;
const written = rows.reduce((sum, row) => sum + Number(row.writes), 0);
console.log(
  `  Event: relkind ${state.kind}, ${Number(state.rows).toLocaleString("en")} rows ` +
    `(${EVENTS.toLocaleString("en")} + ${written.toLocaleString("en")} written), ${state.partitions} partitions, ${state.inDefault} in the default`,
);
if (Number(state.rows) !== EVENTS + written) throw new Error("Rows were lost or doubled");

const file = writeResult("history-migration", {
  machine,
  events: EVENTS,
  writers: WRITERS,
  migrationMs: Math.round(migrationMs),
  phases: rows,
  state,
});
console.log(`\n${markdownTable(rows)}\nWritten to ${file}`);
await closeDatabase();
await database.drop();
