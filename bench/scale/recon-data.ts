// The scale data set's reconditioning (issue 37): work items on 70 % of the prep jobs, one to four each,
// in every category, with the history of a lifecycle path: approved and done (half), through waiting
// parts or a sublet vendor, declined, or under the site's threshold. A finished job's history runs
// from its arrival to its Outbound stage; an open job's from its stage's start until now, cut where it
// stands. Done items cost 80–130 % of their estimate. The loads run with triggers off (replica role), so
// the jobs are then marked for the recon roll-up as the migration's back-fill marks them: the reports'
// benchmark times that pass.
import type pg from "pg";

const INSERT_ITEMS = `
CREATE TEMP TABLE recon_items ON COMMIT DROP AS
WITH jobs AS (
  SELECT j.id AS job, j."organisationId" AS org, j."finishedAt" IS NOT NULL AS finished,
         coalesce(a."enteredAt", j."stageChangedAt") AS started,
         CASE WHEN j."finishedAt" IS NOT NULL THEN j."stageChangedAt" ELSE $2::timestamp(3) END AS ended,
         ('x' || substr(md5(j.id || 'recon'), 1, 8))::bit(32)::int & 2147483647 AS r
    FROM "PrepJob" j
    LEFT JOIN "PrepJobStageSpell" a ON a."prepJobId" = j.id AND a.stage = 'ARRIVED'
   WHERE j."organisationId" = $1 AND j.stage <> 'INBOUND'
), paths AS (
  SELECT j.*, k, (j.r / 100 + k * 7) % 20 AS p,
         CASE WHEN (j.r / 100 + k * 7) % 20 < 10 OR (j.r / 100 + k * 7) % 20 >= 18
                THEN ARRAY['PROPOSED','AWAITING_APPROVAL','APPROVED','IN_PROGRESS','DONE']
              WHEN (j.r / 100 + k * 7) % 20 < 13
                THEN ARRAY['PROPOSED','AWAITING_APPROVAL','APPROVED','WAITING_PARTS','IN_PROGRESS','DONE']
              WHEN (j.r / 100 + k * 7) % 20 < 15
                THEN ARRAY['PROPOSED','AWAITING_APPROVAL','APPROVED','WAITING_SUBLET','IN_PROGRESS','DONE']
              ELSE ARRAY['PROPOSED','AWAITING_APPROVAL','DECLINED'] END AS full_path
    FROM jobs j CROSS JOIN LATERAL generate_series(1, 1 + j.r % 4) k
   WHERE j.r % 10 < 7
)
SELECT left(job, 22) || 'RI' || lpad(k::text, 2, '0') AS id, job, org, started, ended, k, r,
       p >= 18 AS auto,
       (ARRAY['MECHANICAL','BODY','PAINT','TYRES','GLASS','VALET','INSPECTION','PHOTOS','SUBLET','OTHER'])
         [1 + (r / 7 + k) % 10]::"ReconCategory" AS category,
       CASE WHEN finished THEN full_path
            ELSE full_path[1 : 1 + (r / 3 + k) % array_length(full_path, 1)] END AS path,
       CASE WHEN p >= 18 THEN 3000 + (r / 13 + k * 3571) % 20000 ELSE 8000 + (r / 13 + k * 3571) % 90000 END
         AS estimated
  FROM paths`;

const INSERT_WORK_ITEMS = `
INSERT INTO "ReconWorkItem" (id, "organisationId", "prepJobId", category, description, state, version, currency,
  "estimatedCents", "actualCents", "decidedBy", "decidedAt", "createdBy", "createdAt", "updatedAt")
SELECT i.id, i.org, i.job, i.category, 'Generated ' || lower(i.category::text) || ' work', i.path[cardinality(i.path)]::"WorkItemState",
       cardinality(i.path), 'GBP', i.estimated,
       CASE WHEN i.path[cardinality(i.path)] = 'DONE' THEN round(i.estimated * (0.8 + (i.r % 50) / 100.0))::int END,
       CASE WHEN cardinality(i.path) >= 3 THEN CASE WHEN i.auto THEN 'system:auto-approve'
            WHEN i.r % 3 = 0 THEN 'user:admin@demo.test' ELSE 'user:manager@demo.test' END END,
       CASE WHEN cardinality(i.path) >= 3 THEN i.started + (i.ended - i.started) * (2 + 0.1 * i.k) / 7.0 END,
       'user:prep@demo.test', i.started + (i.ended - i.started) * (0.1 * i.k) / 7.0,
       i.started + (i.ended - i.started) * (cardinality(i.path) - 1 + 0.1 * i.k) / 7.0
  FROM recon_items i`;

// The i-th state of the path at (i − 1 + k/10) sevenths of the window: every history ends inside it.
const INSERT_STATE_CHANGES = `
INSERT INTO "ReconWorkItemStateChange" (id, "workItemId", "organisationId", "prepJobId", "fromState", "toState", actor, at)
SELECT left(i.job, 22) || 'C' || i.k || lpad(s.ord::text, 2, '0'), i.id, i.org, i.job,
       CASE WHEN s.ord > 1 THEN i.path[s.ord - 1]::"WorkItemState" END, s.state::"WorkItemState",
       CASE WHEN s.state IN ('APPROVED', 'DECLINED') THEN CASE WHEN i.auto THEN 'system:auto-approve'
            WHEN i.r % 3 = 0 THEN 'user:admin@demo.test' ELSE 'user:manager@demo.test' END
            ELSE 'user:prep@demo.test' END,
       i.started + (i.ended - i.started) * (s.ord - 1 + 0.1 * i.k) / 7.0
  FROM recon_items i CROSS JOIN LATERAL unnest(i.path) WITH ORDINALITY AS s(state, ord)`;

const MARK_JOBS = `
INSERT INTO "ReconReportDirtyJob" ("prepJobId", "organisationId")
SELECT DISTINCT job, org FROM recon_items ON CONFLICT DO NOTHING`;

/** Adds the work items and their histories; returns how many items. */
export async function insertReconData(
  client: pg.ClientBase,
  organisationId: string,
  now: Date,
): Promise<number> {
  await client.query("BEGIN");
  try {
    await client.query(INSERT_ITEMS, [organisationId, now]);
    const items = await client.query(INSERT_WORK_ITEMS);
    await client.query(INSERT_STATE_CHANGES);
    await client.query(MARK_JOBS);
    await client.query("COMMIT");
    return items.rowCount ?? 0;
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}
