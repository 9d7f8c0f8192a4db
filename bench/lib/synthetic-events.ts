// Fills the Event table with valid rows fast, in SQL (generate_series), for the events benchmarks.
// Of every ten events: six are published movement events of profile A (with an envelope as
// lib/events/movement-envelope.ts builds it), two are internal events of A (no envelope, never replayed,
// but in the same index range) and two are published events of profile B. They are 2 s apart, newest
// first, so 1,000,000 span about 23 days: inside the free plan's 30-day retention.
import type pg from "pg";

export type BenchTenants = {
  organisationA: string;
  profileA: string;
  organisationB: string;
  profileB: string;
};

export type EventsDistribution = {
  total: number;
  publishedOfA: number;
  internalOfA: number;
  publishedOfB: number;
};

const CHUNK = 100_000;

export async function insertSyntheticEvents(
  client: pg.Client,
  tenants: BenchTenants,
  total: number,
): Promise<EventsDistribution> {
  const { rows } = await client.query<{ id: string }>(
    `SELECT "id" FROM "Site" WHERE "organisationId" = $1 ORDER BY "id" LIMIT 2`,
    [tenants.organisationA],
  );
  const [origin, destination] = rows.map((row) => row.id);
  // Bulk load: a lost commit only loses benchmark data.
  await client.query("SET synchronous_commit = off");
  const newest = Date.now() - 60_000;
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await client.query(INSERT_EVENTS, [
      from,
      to,
      newest,
      tenants.organisationA,
      tenants.profileA,
      tenants.organisationB,
      tenants.profileB,
      origin,
      destination,
    ]);
    process.stdout.write(`\r  events inserted: ${to.toLocaleString("en")} / ${total.toLocaleString("en")}`);
  }
  process.stdout.write("\n");
  // As autovacuum would, before anyone reads: statistics for the planner and the visibility map.
  await client.query(`VACUUM (ANALYZE) "Event"`);
  const counted = await client.query<{ published_a: string; internal_a: string; published_b: string }>(
    `SELECT count(*) FILTER (WHERE "profileId" = $1 AND "envelope" IS NOT NULL) AS published_a,
            count(*) FILTER (WHERE "profileId" = $1 AND "envelope" IS NULL) AS internal_a,
            count(*) FILTER (WHERE "profileId" = $2) AS published_b
     FROM "Event" WHERE "resourceId" LIKE '0BENCHM%'`,
    [tenants.profileA, tenants.profileB],
  );
  const counts = counted.rows[0];
  return {
    total,
    publishedOfA: Number(counts?.published_a),
    internalOfA: Number(counts?.internal_a),
    publishedOfB: Number(counts?.published_b),
  };
}

/**
 * $1..$2: the range of i; $3: the newest instant (ms); $4/$5 organisation and profile A; $6/$7 B;
 * $8/$9 two sites of A. Ids are ULIDs of their instant (so each lands in its month's partition) with
 * "0BENCH" + 10 digits as the random part, unique per i.
 */
const INSERT_EVENTS = `
WITH numbered AS (
  SELECT i, i % 10 AS kind,
         to_timestamp(($3::bigint - i * 2000 - (i * 7919) % 1000) / 1000.0) AT TIME ZONE 'UTC' AS at,
         left(history_ulid_floor(
           to_timestamp(($3::bigint - i * 2000 - (i * 7919) % 1000) / 1000.0) AT TIME ZONE 'UTC'), 10)
           || '0BENCH' || lpad(i::text, 10, '0') AS id,
         '0BENCHMR' || lpad((i / 3)::text, 18, '0') AS request_id,
         (ARRAY['movement.collected', 'movement.delivered', 'movement.cancelled', 'movement.aborted'])[1 + (i / 10) % 4] AS event_type
  FROM generate_series($1::bigint, $2::bigint) AS i
)
INSERT INTO "Event" ("id", "organisationId", "profileId", "type", "resourceType", "resourceId",
                     "resourceVersion", "occurredAt", "payload", "envelope", "createdAt")
SELECT id,
       CASE WHEN kind >= 8 THEN $6 ELSE $4 END,
       CASE WHEN kind >= 8 THEN $7 ELSE $5 END,
       CASE WHEN kind IN (6, 7) THEN 'movement_request.updated' ELSE event_type END,
       CASE WHEN kind IN (6, 7) THEN 'movement_request' ELSE 'movement' END,
       CASE WHEN kind IN (6, 7) THEN request_id ELSE '0BENCHMV' || lpad((i / 3)::text, 18, '0') END,
       (i % 3)::int + 1,
       at,
       json_build_object('status', 'IN_PROGRESS'),
       CASE WHEN kind IN (6, 7) THEN NULL ELSE json_build_object(
         'schemaVersion', '1',
         'eventId', id,
         'occurredAt', to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'occurredAtLocal', to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"'),
         'eventType', event_type,
         'movement', json_build_object(
           'id', '0BENCHMV' || lpad((i / 3)::text, 18, '0'),
           'movementRequestId', request_id,
           'status', 'IN_PROGRESS',
           'version', (i % 3)::int + 1,
           'vin', 'WF0XXXGCDX1234567',
           'vrm', 'AB12 CDE',
           'make', 'Ford',
           'model', 'Focus',
           'businessArea', 'Retail',
           'transportMethod', 'DRIVEN',
           'originSiteId', $8::text,
           'originScheduledOn', to_char(at, 'YYYY-MM-DD'),
           'originScheduledTimeslot', 'AM',
           'destinationSiteId', $9::text,
           'destinationScheduledOn', to_char(at + interval '2 days', 'YYYY-MM-DD'),
           'destinationScheduledTimeslot', 'PM',
           'driverName', 'Sam Driver'
         )
       )::text END,
       at
FROM numbered`;
