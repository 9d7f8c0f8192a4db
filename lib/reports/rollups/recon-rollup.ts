// The worker's recon roll-up pass: the prep jobs that triggers marked in "ReconReportDirtyJob" (an item
// created, edited or moved; the job arriving or reaching the frontline) get their cost, wait and
// approval rows recomputed from their items and history (recon-job-figures.ts), and the marks read are
// deleted (a job marked again meanwhile keeps its new mark). One instance at a time, under an advisory
// lock; a backlog (the back-fill) in chunks sized to CHUNK_BUDGET_MS, as the other roll-ups.
import { sql, type Kdb } from "@/lib/db";
import { workInChunks } from "@/lib/movement-requests/chunked-pass";
import {
  approvalDecisions,
  costRows,
  waitSplit,
  type ReconChange,
  type ReconItem,
  type ReconJob,
} from "@/lib/reports/rollups/recon-job-figures";
import { CHUNK_BUDGET_MS, type RollupPassOptions } from "@/lib/reports/rollups/refresh-report-rollups";
import { workingSchedules } from "@/lib/reports/rollups/working-schedules";

/** pg_try_advisory_xact_lock's key: "recon" as a number no other lock of ours uses. */
export const RECON_ROLLUP_LOCK = 0x7265_636f6e;
const MAX_JOBS = 2_000;

/** Recomputes up to `batch` marked jobs; null when another instance holds the lock. */
export async function refreshReconReports(kdb: Kdb, batch = 500): Promise<number | null> {
  return kdb.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${RECON_ROLLUP_LOCK}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return null;
    const marks = await trx
      .selectFrom("ReconReportDirtyJob")
      .select(["prepJobId", "version"])
      .orderBy("version")
      .limit(batch)
      .execute();
    if (marks.length === 0) return 0;
    const jobIds = marks.map((mark) => mark.prepJobId);
    const { jobs, items, changes } = await readJobs(trx, jobIds);
    const schedules = await workingSchedules(trx, [...new Set(jobs.map((job) => job.prepSiteId))]);
    const cost = [];
    const waits = [];
    const decisions = [];
    for (const job of jobs) {
      const schedule = schedules.get(job.prepSiteId);
      const jobChanges = changes.get(job.id) ?? [];
      const common = {
        organisationId: job.organisationId,
        prepSiteId: job.prepSiteId,
        businessArea: job.businessArea,
      };
      for (const decision of approvalDecisions(jobChanges, schedule))
        decisions.push({ ...decision, ...common, prepJobId: job.id, workingHours: schedule !== undefined });
      // A job whose items were all removed has no recon figures.
      if (!job.frontlineAt || !items.get(job.id)?.length) continue;
      const frontline = { ...common, frontlineAt: job.frontlineAt };
      for (const row of costRows(job, items.get(job.id) ?? []))
        cost.push({ ...row, ...frontline, make: job.make, model: job.model });
      const window = { start: job.arrivedAt, end: job.frontlineAt };
      waits.push({
        ...waitSplit(window, jobChanges, schedule),
        ...frontline,
        prepJobId: job.id,
        arrivedAt: job.arrivedAt,
        workingHours: schedule !== undefined,
      });
    }
    for (const table of ["ReconCostReport", "ReconWaitReport", "ReconApprovalReport"] as const)
      await trx.deleteFrom(table).where("prepJobId", "in", jobIds).execute();
    for (const part of chunksOf(cost)) await trx.insertInto("ReconCostReport").values(part).execute();
    for (const part of chunksOf(waits)) await trx.insertInto("ReconWaitReport").values(part).execute();
    for (const part of chunksOf(decisions))
      await trx.insertInto("ReconApprovalReport").values(part).execute();
    await sql`DELETE FROM "ReconReportDirtyJob" d
      USING unnest(${jobIds}::text[], ${marks.map((mark) => String(mark.version))}::bigint[]) AS m(job, version)
      WHERE d."prepJobId" = m.job AND d."version" = m.version`.execute(trx);
    return marks.length;
  });
}

/** Every marked job, in chunks until none is left, `maxChunks` are done or the lock is held. */
export async function refreshAllReconReports(
  kdb: Kdb,
  { maxChunks = 100, budgetMs = CHUNK_BUDGET_MS, signal }: RollupPassOptions = {},
): Promise<number> {
  const pass = await workInChunks<true>({
    maxChunk: MAX_JOBS,
    minChunk: 20,
    budgetMs,
    maxChunks,
    signal,
    chunk: async (_after, jobs) => {
      const done = await refreshReconReports(kdb, jobs);
      return done === null ? null : { read: done, last: done > 0 ? true : null };
    },
  });
  return pass.read;
}

/** The marked jobs that have a prep site, with their window, items and item history. */
async function readJobs(trx: Kdb, jobIds: string[]) {
  const jobs: ReconJob[] = await trx
    .selectFrom("PrepJob as job")
    .select([
      "job.id",
      "job.organisationId",
      "job.businessArea",
      "job.make",
      "job.model",
      sql<string>`job."prepSiteId"`.as("prepSiteId"),
      sql<Date>`coalesce((SELECT min(s."enteredAt") FROM "PrepJobStageSpell" s
        WHERE s."prepJobId" = job.id AND s.stage = 'ARRIVED'), job."createdAt")`.as("arrivedAt"),
      sql<Date | null>`(SELECT max(s."enteredAt") FROM "PrepJobStageSpell" s
        WHERE s."prepJobId" = job.id AND s.stage = 'OUTBOUND')`.as("frontlineAt"),
    ])
    .where("job.id", "in", jobIds)
    .where("job.prepSiteId", "is not", null)
    .execute();
  const items = groupBy(
    await trx
      .selectFrom("ReconWorkItem")
      .select(["id", "prepJobId", "category", "currency", "state", "estimatedCents", "actualCents"])
      .where("prepJobId", "in", jobIds)
      .execute(),
    (item): ReconItem & { prepJobId: string } => item,
  );
  const changes = groupBy(
    await trx
      .selectFrom("ReconWorkItemStateChange")
      .select(["id", "prepJobId", "workItemId", "fromState", "toState", "actor", "at"])
      .where("prepJobId", "in", jobIds)
      .execute(),
    (change): ReconChange & { prepJobId: string } => change,
  );
  return { jobs, items, changes };
}

function groupBy<T extends { prepJobId: string }>(rows: T[], as: (row: T) => T): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(row.prepJobId, [...(grouped.get(row.prepJobId) ?? []), as(row)]);
  return grouped;
}

/** Inserts of at most 1,000 rows: far below the bind-parameter limit for these tables. */
function chunksOf<T>(rows: T[], size = 1_000): T[][] {
  const parts: T[][] = [];
  for (let index = 0; index < rows.length; index += size) parts.push(rows.slice(index, index + size));
  return parts;
}
