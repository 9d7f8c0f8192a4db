// Two years of one large dealer group (issue #15), added to a migrated and seeded database for
// Northgate Motors (the demo organisation A, its 10 sites, drivers and 3PLs): movement requests with
// their legs and prep jobs at every stage. Set-based INSERT … SELECT generate_series statements, so
// 1,000,000 requests take minutes, not hours. Deterministic: setseed() fixes every random() draw.
// Reused by the reports benchmark: `generateScaleData(url, { requests, prepJobs })`.
//
// Spreads (of requests): created evenly over 730 days up to now; the last 3 % of the period holds the
// 1.9 % that are open (spread over the open statuses) and some delivered or called off; everything
// older is 91.9 % delivered, the rest cancelled or aborted (90 % delivered overall). Lanes are skewed
// (the first sites send more), 8 % of requests have a second leg through a prep site, 3 % have no
// VRM, 80 % an external id. Prep jobs: 50 / 30 / 20 % over the three prep sites, 96 % finished
// (OUTBOUND/DELIVERED), the open 4 % created in the last 60 days across every stage and substage.
// Reports (issue 17): each job's stage stays (a finished job's 9 days split over its stages, by site);
// the 3PL's final price recorded for each delivered request carried by a 3PL (about 40 %: its cost,
// 4000 + 32000 r against an estimate of 4500 + 30000 r, so -3 % to +15 %); 6 % of the open requests
// flagged at risk (the share the demo's worker pass finds). Recon (issue 37): work items with their
// histories on 70 % of the prep jobs past Inbound (bench/scale/recon-data.ts).
import { withClient } from "@/bench/lib/database";
import { insertReconData } from "@/bench/scale/recon-data";
import { createKysely } from "@/lib/db";
import { refreshReconReports } from "@/lib/reports/rollups/recon-rollup";

export type ScaleDataOptions = { requests: number; prepJobs: number; days?: number };

export type ScaleDataSet = {
  organisationId: string;
  profileId: string;
  /** Site ids by code. */
  sites: Record<string, string>;
  /** The prep site with the most jobs (the kanban's busiest). */
  busiestPrepSiteId: string;
  requests: number;
  legs: number;
  prepJobs: number;
  seconds: number;
};

const DAY_MS = 86_400_000;

export async function generateScaleData(
  databaseUrl: string,
  options: ScaleDataOptions,
): Promise<ScaleDataSet> {
  const started = performance.now();
  const days = options.days ?? 730;
  return withClient(databaseUrl, async (client) => {
    const tenant = await client.query<{ organisationId: string; profileId: string }>(
      `SELECT p."organisationId", p.id AS "profileId" FROM "Profile" p
        WHERE p.name = 'Northgate Motors integration'`,
    );
    const { organisationId, profileId } = tenant.rows[0] ?? {};
    if (!organisationId || !profileId)
      throw new Error("No Northgate Motors profile: seed the database first");
    const siteRows = await client.query<{ id: string; code: string; isPrepSite: boolean }>(
      `SELECT id, code, "isPrepSite" FROM "Site" WHERE "organisationId" = $1 ORDER BY "createdAt", code`,
      [organisationId],
    );
    const sites = Object.fromEntries(siteRows.rows.map((site) => [site.code, site.id]));
    const prepSites = siteRows.rows.filter((site) => site.isPrepSite).map((site) => site.id);
    if (siteRows.rows.length < 3 || prepSites.length === 0) throw new Error("Northgate needs its sites");

    const until = Date.now();
    const from = until - days * DAY_MS;
    await client.query(`SELECT setseed(0.15)`);
    await client.query(`SET synchronous_commit = off`);
    // The rows are consistent by construction: skip the foreign-key triggers (5 lookups per leg).
    await client.query(`SET session_replication_role = replica`);
    await client.query(`SET maintenance_work_mem = '512MB'`);

    const step = (label: string) => console.log(`  ${label}… (${seconds(started)} s)`);
    step(`${options.requests} movement requests`);
    await client.query(INSERT_REQUESTS, [
      organisationId,
      profileId,
      siteRows.rows.map((site) => site.id),
      options.requests,
      from,
      until,
    ]);
    // Fresh statistics first: planned on the seed's few rows, the legs' statement ran for many minutes.
    await client.query(`ANALYZE "MovementRequest", "Movement"`);
    step("their legs");
    const legs = await client.query(INSERT_LEGS, [organisationId, prepSites, profileId]);
    step(`${options.prepJobs} prep jobs`);
    await client.query(INSERT_PREP_JOBS, [
      organisationId,
      profileId,
      prepSites,
      options.prepJobs,
      from,
      until,
    ]);
    // The reports (issue 17): the triggers that write stage stays are off during the load (replica).
    step("prep stage stays");
    await client.query(INSERT_STAGE_SPELLS, [organisationId]);
    step("the last position of each leg on the road");
    await client.query(INSERT_LAST_POSITIONS, [organisationId]);
    step("final prices and at-risk flags");
    await client.query(INSERT_FINAL_PRICES, [organisationId]);
    await client.query(FLAG_AT_RISK, [organisationId, new Date(until)]);
    await client.query(MARK_AT_RISK_DUE, [organisationId]);
    step("ETA outcomes");
    await client.query(INSERT_ETA_OUTCOMES, [organisationId]);
    step("work items and their histories");
    await insertReconData(client, organisationId, new Date(until));
    // As autovacuum has long done on a database two years old: besides the statistics, the visibility
    // map, without which every index-only scan (the bounded counts) reads the table's pages too.
    step("VACUUM (ANALYZE)");
    await client.query(
      `VACUUM (ANALYZE) "MovementRequest", "Movement", "PrepJob", "PrepJobStageSpell", "MovementRequestPrice", "EtaOutcome", "MovementLastPosition", "ReconWorkItem", "ReconWorkItemStateChange"`,
    );
    // The recon marks the work items left, rolled up now: the worker takes 2,000 jobs a pass, so at
    // 1 M it would work through 100,000 for half an hour beside whatever a benchmark times.
    step("recon roll-ups");
    await rollUpReconMarks(databaseUrl);
    const counts = await client.query<{ requests: string; prepJobs: string }>(
      `SELECT (SELECT count(*) FROM "MovementRequest") AS requests, (SELECT count(*) FROM "PrepJob") AS "prepJobs"`,
    );
    return {
      organisationId,
      profileId,
      sites,
      busiestPrepSiteId: prepSites[0]!,
      requests: Number(counts.rows[0]!.requests),
      legs: legs.rowCount ?? 0,
      prepJobs: Number(counts.rows[0]!.prepJobs),
      seconds: seconds(started),
    };
  });
}

/**
 * How the window each delivered request had at collection turned out (issue 35, the ETA accuracy
 * report): minutes off, 0 for two deliveries in five (inside the window), else up to 4 hours. The demo
 * seed's delivered requests have theirs already.
 */
const INSERT_ETA_OUTCOMES = `
  INSERT INTO "EtaOutcome" ("movementRequestId", "organisationId", "deliveredAt", "businessArea", "originSiteId",
                            "destinationSiteId", "providerId", "driverId", "basis", "minutesOff")
  SELECT r.id, r."organisationId", r."completedOn", r."businessArea", r."originSiteId", r."destinationSiteId",
         leg."thirdPartyLogisticsProviderId", leg."driverId", 'HISTORY',
         CASE WHEN random() < 0.4 THEN 0 ELSE (random() * 240)::int END
  FROM "MovementRequest" r
  CROSS JOIN LATERAL (SELECT m."driverId", m."thirdPartyLogisticsProviderId" FROM "Movement" m
                      WHERE m."movementRequestId" = r.id ORDER BY m."legNumber" DESC LIMIT 1) leg
  WHERE r."organisationId" = $1 AND r.status = 'DELIVERED' AND r."completedOn" IS NOT NULL
  ON CONFLICT ("movementRequestId") DO NOTHING`;

function seconds(since: number): number {
  return Math.round((performance.now() - since) / 100) / 10;
}

// ULIDs in SQL, inline (a function call per row would cost more than the row): 10 Crockford base-32
// characters of the millisecond, then 16 of a per-row sequence and a hash of it, so that ids sort in
// creation order as lib/ids.ts's monotonic ULIDs do.
function base32(expression: string, length: number): string {
  return Array.from(
    { length },
    (_, index) =>
      `substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((${expression} >> ${5 * (length - 1 - index)}) & 31)::int + 1, 1)`,
  ).join(" || ");
}

/** The ULID of a row created at `at` (a timestamp column) with sequence number `seq` (a bigint column). */
function ulid(at: string, seq: string): string {
  const hash = `('x' || substr(md5(${seq}::text), 1, 10))::bit(40)::bigint`;
  return `${base32(`(extract(epoch FROM ${at}) * 1000)::bigint`, 10)} || ${base32(seq, 8)} || ${base32(hash, 8)}`;
}

// $1 organisation, $2 profile, $3 site ids, $4 how many, $5..$6 the period (ms since the epoch).
const INSERT_REQUESTS = `
WITH draw AS (
  SELECT n,
         to_timestamp(($5::float8 + ($6::float8 - $5::float8) * (n - 1) / $4::int) / 1000)
           AT TIME ZONE 'UTC' AS created,
         (n - 1)::float8 / $4::int AS age_rank,
         random() AS r_status, random() AS r_open, random() AS r_origin, random() AS r_dest,
         random() AS r_area, random() AS r_method, random() AS r_ready, random() AS r_due,
         random() AS r_slot, random() AS r_ext, random() AS r_cost, random() AS r_vrm,
         decode(md5(n::text), 'hex') AS h
    FROM generate_series(1, $4::int) AS n
), shaped AS (
  SELECT d.*,
         CASE
           WHEN age_rank >= 0.97 AND r_status < 0.633 THEN (ARRAY[
             'CREATED','CREATED','SENT_TO_DRIVER','SENT_TO_3PL','SENT_TO_MARKETPLACE',
             'SENT_TO_MULTIPLE_DRIVERS','ACCEPTED','ACCEPTED_SENT_TO_DRIVER','ACCEPTED_SENT_TO_3PL',
             'ACCEPTED_SENT_TO_MARKETPLACE','PARTIALLY_PLANNED','PLANNED','PLANNED','IN_PROGRESS',
             'IN_PROGRESS','IN_PROGRESS'])[1 + floor(r_open * 16)::int]
           WHEN age_rank >= 0.97 AND r_status < 0.933 THEN 'DELIVERED'
           WHEN age_rank >= 0.97 THEN (ARRAY['CANCELLED','ABORTED'])[1 + floor(r_open * 2)::int]
           WHEN r_status < 0.9186 THEN 'DELIVERED'
           WHEN r_status < 0.975 THEN 'CANCELLED'
           ELSE 'ABORTED'
         END AS status,
         floor(10 * power(r_origin, 1.6))::int AS origin_index,
         (floor(10 * power(r_origin, 1.6))::int + 1 + floor(r_dest * 9)::int) % 10 AS dest_index,
         (created::date + floor(r_ready * 4)::int) AS ready_date
    FROM draw d
)
INSERT INTO "MovementRequest" (
  id, "organisationId", "profileId", status, version, vin, vrm, "externalVehicleId", make, model,
  "originSiteId", "readyToCollectFromDate", "readyToCollectFromTimeslot", "estimatedCollectionDate",
  "estimatedCollectionTimeslot", "destinationSiteId", "deliveryByDate", "deliveryByTimeslot", "deliveryByTime",
  "estimatedDeliveryDate", "estimatedDeliveryTimeslot", "businessArea", "transportMethod", "externalId",
  "createdBy", "estimatedCostCents", "estimatedCostCurrency", "costCents", "costCurrency", "completedOn",
  "createdAt", "updatedAt")
SELECT
  ${ulid("created", "n::bigint")},
  $1, $2, status::"MovementRequestStatus",
  CASE WHEN status = 'CREATED' THEN 1 ELSE 3 + (n % 4)::int END,
  (ARRAY['WVW','WBA','SAL','VF1','TMB','ZFA','WF0','JTD'])[1 + (get_byte(h, 0) % 8)]
    || upper(substr(encode(h, 'hex'), 3, 14)),
  CASE WHEN r_vrm < 0.03 THEN NULL ELSE
    chr(65 + get_byte(h, 8) % 26) || chr(65 + get_byte(h, 9) % 26)
    || lpad((get_byte(h, 10) % 100)::text, 2, '0') || ' '
    || chr(65 + get_byte(h, 11) % 26) || chr(65 + get_byte(h, 12) % 26) || chr(65 + get_byte(h, 13) % 26)
  END,
  CASE WHEN r_ext < 0.6 THEN 'STK' || lpad(n::text, 8, '0') END,
  (ARRAY['Volkswagen','BMW','Land Rover','Renault','Skoda','Fiat','Ford','Toyota'])[1 + (get_byte(h, 0) % 8)],
  (ARRAY['Golf','3 Series','Defender','Clio','Octavia','500','Puma','Yaris'])[1 + (get_byte(h, 0) % 8)],
  ($3::text[])[1 + origin_index],
  ready_date,
  (ARRAY['ANYTIME','AM','PM'])[1 + floor(r_slot * 3)::int]::"Timeslot",
  CASE WHEN status NOT IN ('CREATED','CANCELLED') THEN ready_date + (n % 2)::int END,
  CASE WHEN status NOT IN ('CREATED','CANCELLED') THEN 'AM'::"Timeslot" END,
  ($3::text[])[1 + dest_index],
  ready_date + 1 + floor(r_due * 10)::int,
  (ARRAY['ANYTIME','PM','AM'])[1 + floor(r_slot * 3)::int]::"Timeslot",
  CASE WHEN r_slot > 0.9 THEN '17:30' END,
  CASE WHEN status NOT IN ('CREATED','CANCELLED') THEN ready_date + 1 + floor(r_due * 8)::int END,
  CASE WHEN status NOT IN ('CREATED','CANCELLED') THEN 'PM'::"Timeslot" END,
  (CASE WHEN r_area < 0.75 THEN 'Retail' ELSE 'Fleet' END)::"BusinessArea",
  (CASE WHEN r_method < 0.6 THEN 'DRIVEN' ELSE 'TRANSPORTED' END)::"TransportMethod",
  CASE WHEN r_ext < 0.8 THEN 'DMS-' || lpad(n::text, 8, '0') END,
  'integrations@demo.test',
  CASE WHEN r_cost < 0.85 THEN 4500 + floor(r_cost * 30000)::int END,
  CASE WHEN r_cost < 0.85 THEN 'GBP' END,
  CASE WHEN status = 'DELIVERED' THEN 4000 + floor(r_cost * 32000)::int END,
  CASE WHEN status = 'DELIVERED' THEN 'GBP' END,
  CASE WHEN status = 'DELIVERED' THEN (ready_date + 1 + floor(r_due * 8)::int) + time '15:00' END,
  created,
  created + interval '2 days'
FROM shaped`;

// One leg per request, a second (via a prep site) for 8 %; the carrier matches the transport method.
// $1 organisation, $2 prep site ids, $3 profile.
const INSERT_LEGS = `
WITH carriers AS (
  SELECT (SELECT array_agg(id ORDER BY id) FROM "Driver" WHERE "organisationId" = $1 AND active) AS drivers,
         (SELECT array_agg("providerId" ORDER BY "providerId") FROM "ProfileProvider" WHERE "profileId" = $3)
           AS providers
), requests AS (
  SELECT r.*, ('x' || substr(md5(r.id), 1, 8))::bit(32)::int & 2147483647 AS h,
         (('x' || substr(md5(r.id), 1, 8))::bit(32)::int & 2147483647) % 100 < 8 AS two_legs
    FROM "MovementRequest" r WHERE r."organisationId" = $1 AND r."createdBy" = 'integrations@demo.test'
     AND NOT EXISTS (SELECT 1 FROM "Movement" m WHERE m."movementRequestId" = r.id)
), legs AS (
  SELECT r.*, leg, two_legs AND leg = 1 AS to_prep, two_legs AND leg = 2 AS from_prep
    FROM requests r CROSS JOIN LATERAL generate_series(1, CASE WHEN r.two_legs THEN 2 ELSE 1 END) AS leg
)
INSERT INTO "Movement" (
  id, "organisationId", "movementRequestId", "legNumber", status, version, "originSiteId", "destinationSiteId",
  "originScheduledOn", "originScheduledTimeslot", "destinationScheduledOn", "destinationScheduledTimeslot",
  "originActualOn", "destinationActualOn", "driverId", "thirdPartyLogisticsProviderId", "acceptedAt",
  "costCents", "costCurrency", "createdAt", "updatedAt")
SELECT
  left(l.id, 18) || ${base32("(l.h::bigint * 2 + l.leg)", 8)},
  l."organisationId", l.id, l.leg,
  (CASE
     WHEN l.status = 'DELIVERED' THEN 'DELIVERED'
     WHEN l.status IN ('CANCELLED','ABORTED') THEN l.status::text
     WHEN l.status = 'IN_PROGRESS' AND l.leg = 1 THEN 'IN_PROGRESS'
     ELSE 'OPEN'
   END)::"MovementStatus",
  CASE WHEN l.status = 'CREATED' THEN 1 ELSE 2 END,
  CASE WHEN l.from_prep THEN ($2::text[])[1 + l.h % array_length($2::text[], 1)] ELSE l."originSiteId" END,
  CASE WHEN l.to_prep THEN ($2::text[])[1 + l.h % array_length($2::text[], 1)] ELSE l."destinationSiteId" END,
  l."readyToCollectFromDate" + (l.leg - 1) * 2, l."readyToCollectFromTimeslot",
  l."deliveryByDate", l."deliveryByTimeslot",
  CASE WHEN l.status = 'DELIVERED' THEN l."readyToCollectFromDate" + (l.leg - 1) * 2 END,
  CASE WHEN l.status = 'DELIVERED' THEN l."completedOn"::date END,
  CASE WHEN l.status NOT IN ('CREATED','SENT_TO_3PL','SENT_TO_MARKETPLACE','ACCEPTED_SENT_TO_3PL',
                             'ACCEPTED_SENT_TO_MARKETPLACE', 'SENT_TO_MULTIPLE_DRIVERS')
             AND l."transportMethod" = 'DRIVEN'
       THEN c.drivers[1 + l.h % array_length(c.drivers, 1)] END,
  CASE WHEN l.status NOT IN ('CREATED','SENT_TO_DRIVER','SENT_TO_MARKETPLACE','ACCEPTED_SENT_TO_DRIVER',
                             'ACCEPTED_SENT_TO_MARKETPLACE', 'SENT_TO_MULTIPLE_DRIVERS')
             AND l."transportMethod" = 'TRANSPORTED'
       THEN c.providers[1 + l.h % array_length(c.providers, 1)] END,
  CASE WHEN l.status NOT IN ('CREATED') THEN l."createdAt" + interval '3 hours' END,
  CASE WHEN l.status = 'DELIVERED' THEN l."costCents" / (CASE WHEN l.two_legs THEN 2 ELSE 1 END) END,
  CASE WHEN l.status = 'DELIVERED' THEN 'GBP' END,
  l."createdAt", l."updatedAt"
FROM legs l CROSS JOIN carriers c`;

// $1 organisation, $2 profile, $3 prep site ids (the first is the busiest), $4 how many, $5..$6 period.
const INSERT_PREP_JOBS = `
WITH draw AS (
  SELECT n, random() AS r_open, random() AS r_site, random() AS r_stage, random() AS r_area,
         (n - 1)::float8 / $4::int AS age_rank,
         decode(md5('prep' || n::text), 'hex') AS h
    FROM generate_series(1, $4::int) AS n
), shaped AS (
  SELECT d.*,
         r_open < 0.04 AS open,
         to_timestamp(CASE WHEN r_open < 0.04
           THEN $6::float8 - 60 * 86400000.0 * (1 - age_rank)
           ELSE $5::float8 + ($6::float8 - 60 * 86400000.0 - $5::float8) * age_rank END / 1000)
           AT TIME ZONE 'UTC' AS created,
         CASE WHEN r_site < 0.5 THEN 1 WHEN r_site < 0.8 THEN 2 ELSE 3 END AS site_index,
         floor(r_stage * 8)::int AS position,
         to_timestamp($6::float8 / 1000) AT TIME ZONE 'UTC' AS until_at
    FROM draw d
)
INSERT INTO "PrepJob" (
  id, "organisationId", "profileId", version, vin, vrm, make, model, "prepSiteId", "businessArea", source,
  stage, substage, "createdByUser", "stageChangedAt", "createdAt", "updatedAt", "finishedAt")
SELECT
  ${ulid("created", "(1000000000 + n)::bigint")}, $1, $2, CASE WHEN open THEN 2 ELSE 6 END,
  'PJ' || upper(substr(encode(h, 'hex'), 1, 15)),
  chr(65 + get_byte(h, 8) % 26) || chr(65 + get_byte(h, 9) % 26)
    || lpad((get_byte(h, 10) % 100)::text, 2, '0') || ' '
    || chr(65 + get_byte(h, 11) % 26) || chr(65 + get_byte(h, 12) % 26) || chr(65 + get_byte(h, 13) % 26),
  (ARRAY['Volkswagen','BMW','Land Rover','Renault'])[1 + (get_byte(h, 0) % 4)],
  (ARRAY['Polo','1 Series','Discovery','Megane'])[1 + (get_byte(h, 0) % 4)],
  ($3::text[])[least(site_index, array_length($3::text[], 1))],
  (CASE WHEN r_area < 0.8 THEN 'Retail' ELSE 'Fleet' END)::"BusinessArea",
  (CASE WHEN r_area < 0.5 THEN 'CREATED_VMR' ELSE 'CREATED_MANUALLY' END)::"PrepJobSource",
  (CASE WHEN NOT open THEN 'OUTBOUND'
        ELSE (ARRAY['INBOUND','INBOUND','INBOUND','ARRIVED','ARRIVED','APPRAISED','OUTBOUND','OUTBOUND'])[1 + position]
   END)::"PrepJobStage",
  (CASE WHEN NOT open THEN 'DELIVERED'
        ELSE (ARRAY['PENDING_MOVEMENT_REQUEST','SCHEDULED','DELIVERED',NULL,NULL,NULL,
                    'PENDING_MOVEMENT_REQUEST','SCHEDULED'])[1 + position]
   END)::"PrepJobSubstage",
  'prep@demo.test',
  least(created + CASE WHEN open THEN interval '1 hour' * (get_byte(h, 14) % 200) ELSE interval '9 days' END,
        until_at),
  created,
  least(created + CASE WHEN open THEN interval '1 hour' * (get_byte(h, 14) % 200) ELSE interval '9 days' END,
        until_at),
  -- Set here: the trigger that keeps finishedAt (OUTBOUND/DELIVERED) is off during the load (replica).
  CASE WHEN NOT open THEN least(created + interval '9 days', until_at) END
FROM shaped`;

// A finished job spent its 9 days as: INBOUND 15–30 %, ARRIVED 10–25 %, APPRAISED the rest; OUTBOUND
// from then on (open: it left for sale). An open job: one open stay in its stage, from stageChangedAt.
// workingSeconds stays null: the generated prep sites count every hour. $1 organisation.
const INSERT_STAGE_SPELLS = `
WITH jobs AS (
  SELECT j.id, j."organisationId", j."prepSiteId", j."businessArea", j.stage, j."createdAt", j."stageChangedAt",
         j."finishedAt" IS NOT NULL AS finished,
         (('x' || substr(md5(j.id), 1, 8))::bit(32)::int & 2147483647) % 1000 / 1000.0 AS r
    FROM "PrepJob" j
   WHERE j."organisationId" = $1 AND NOT EXISTS (SELECT 1 FROM "PrepJobStageSpell" s WHERE s."prepJobId" = j.id)
), shaped AS (
  SELECT j.*, j."createdAt" + (j."stageChangedAt" - j."createdAt") * (0.15 + 0.15 * r) AS arrived,
         j."createdAt" + (j."stageChangedAt" - j."createdAt") * (0.25 + 0.3 * r) AS appraised
    FROM jobs j
)
INSERT INTO "PrepJobStageSpell" ("prepJobId", "organisationId", "prepSiteId", "businessArea", stage, "enteredAt", "leftAt")
SELECT id, "organisationId", "prepSiteId", "businessArea", stay.stage, stay.entered, stay."left"
  FROM shaped
 CROSS JOIN LATERAL (VALUES
   ('INBOUND'::"PrepJobStage", "createdAt", arrived),
   ('ARRIVED'::"PrepJobStage", arrived, appraised),
   ('APPRAISED'::"PrepJobStage", appraised, "stageChangedAt"),
   ('OUTBOUND'::"PrepJobStage", "stageChangedAt", NULL::timestamp(3))
 ) AS stay(stage, entered, "left")
 WHERE finished
UNION ALL
SELECT id, "organisationId", "prepSiteId", "businessArea", stage, "stageChangedAt", NULL FROM shaped WHERE NOT finished`;

// $1 organisation: the map's vehicles (issue 35): each leg on the road somewhere between its sites,
// reported up to an hour ago, as recordPositions leaves it.
const INSERT_LAST_POSITIONS = `
INSERT INTO "MovementLastPosition" ("movementId", "organisationId", "movementRequestId", latitude, longitude, "recordedAt")
SELECT m.id, $1, m."movementRequestId",
       o.latitude + (d.latitude - o.latitude) * f.at, o.longitude + (d.longitude - o.longitude) * f.at,
       now() - interval '1 second' * f.ago
  FROM "Movement" m
  JOIN "MovementRequest" r ON r.id = m."movementRequestId" AND r."organisationId" = $1
  JOIN "Site" o ON o.id = m."originSiteId"
  JOIN "Site" d ON d.id = m."destinationSiteId"
 CROSS JOIN LATERAL (SELECT random() AS at, floor(random() * 3600) AS ago) f
 WHERE m.status = 'IN_PROGRESS'`;

// $1 organisation: the final price of each delivered request whose delivering leg is a 3PL's, a day on.
const INSERT_FINAL_PRICES = `
INSERT INTO "MovementRequestPrice" (id, "organisationId", "movementRequestId", "centAmount", "currencyCode", actor, "recordedAt")
SELECT left(r.id, 20) || 'PRICE1', r."organisationId", r.id, r."costCents", r."costCurrency", 'api-key:vms_ops', r."completedOn" + interval '1 day'
  FROM "MovementRequest" r
 WHERE r."organisationId" = $1 AND r.status = 'DELIVERED' AND r."costCents" IS NOT NULL
   AND EXISTS (SELECT 1 FROM "Movement" m WHERE m."movementRequestId" = r.id AND m."thirdPartyLogisticsProviderId" IS NOT NULL)
   AND NOT EXISTS (SELECT 1 FROM "MovementRequestPrice" p WHERE p."movementRequestId" = r.id)`;

// $1 organisation, $2 now: 6 % of the open requests at risk since up to a day ago; then every open
// request due for the worker's at-risk pass, as its trigger (off during the load) would have marked it.
const FLAG_AT_RISK = `
UPDATE "MovementRequest" r
   SET "atRiskSince" = $2::timestamp(3) - interval '1 minute' * (('x' || substr(md5(r.id), 9, 6))::bit(24)::int % 1440),
       "expectedArrivalAt" = r."deliveryByDate" + interval '1 day' + interval '2 hours'
 WHERE r."organisationId" = $1 AND r.status NOT IN ('DELIVERED', 'CANCELLED', 'ABORTED')
   AND (('x' || substr(md5(r.id), 1, 8))::bit(32)::int & 2147483647) % 100 < 6`;
const MARK_AT_RISK_DUE = `
UPDATE "MovementRequest" SET "atRiskCheckAt" = '1970-01-01'
 WHERE "organisationId" = $1 AND status NOT IN ('DELIVERED', 'CANCELLED', 'ABORTED')`;

const RECON_BATCH = 2_000;

/**
 * Every recon mark, rolled up by the worker's own function in its largest batches: what an operator
 * runs on a quiet night after a bulk import. Returns the jobs rolled up (none on a data set done before).
 */
export async function rollUpReconMarks(databaseUrl: string): Promise<number> {
  const kdb = createKysely(databaseUrl, 1);
  let jobs = 0;
  try {
    for (let done = 1; done > 0; jobs += done) done = (await refreshReconReports(kdb, RECON_BATCH)) ?? 0;
  } finally {
    await kdb.destroy();
  }
  return jobs;
}
