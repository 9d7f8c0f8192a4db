// The worker's report roll-up pass (issue 17 §4): the days that triggers marked in "ReportDirtyDay"
// (migration 20261127020000_report_rollups) are recomputed from the raw rows, with the very queries the
// direct reports use (deliveredRequests: the delivering leg, "on time" on the destination's clock), and
// the marks read are deleted (a write that marks the day meanwhile leaves one for the next pass). One
// instance runs it at a time, as the at-risk pass does: a transaction-scoped advisory lock, skipped when
// held. A backlog (a bulk import, the back-fill) is worked in chunks of days sized to take about
// CHUNK_BUDGET_MS each, one transaction each, resting as long between them: no connection is held long,
// and the database keeps half its time for the web. The roll-ups' days are the organisation's (its
// zone: organisationZone); the triggers mark UTC days, so each marked day is done with its neighbours.
import { sql, type Kdb } from "@/lib/db";
import { fromDateOnly, startOfDayIn, toDateOnly } from "@/lib/dates";
import { workInChunks } from "@/lib/movement-requests/chunked-pass";
import { CALLED_OFF_STATUSES } from "@/lib/movement-requests/transitions";
import { deliveredRequests } from "@/lib/reports/delivered-requests";
import {
  rebuildLaneWeeks,
  rebuildPriceWeeks,
  recomputePrepDays,
} from "@/lib/reports/rollups/recompute-prep-days";
import { dayIn, organisationZone, reportSites, siteZonesOf, type SiteZones } from "@/lib/reports/site-zones";

/** pg_try_advisory_xact_lock's key: "rollup" as a number no other lock of ours uses. */
export const REPORT_ROLLUP_LOCK = 0x726f6c_6c7570;
/** Days per transaction at most. */
const BATCH_DAYS = 31;
/** What one chunk of days should take. */
export const CHUNK_BUDGET_MS = 50;

/** A marked day, with the marks read for it (a writer may add more while the pass runs). */
type DirtyDay = { organisationId: string; day: Date; versions: string[] };

/** Recomputes up to `batch` marked days; null when another instance holds the lock. */
export async function refreshReportRollups(kdb: Kdb, batch = BATCH_DAYS): Promise<number | null> {
  return kdb.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${REPORT_ROLLUP_LOCK}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return null;
    const dirty: DirtyDay[] = await trx
      .selectFrom("ReportDirtyDay")
      .select(["organisationId", "day", sql<string[]>`array_agg("version"::text)`.as("versions")])
      .groupBy(["organisationId", "day"])
      .orderBy("organisationId")
      .orderBy("day")
      .limit(batch)
      .execute();
    const byOrganisation = new Map<string, DirtyDay[]>();
    for (const row of dirty)
      byOrganisation.set(row.organisationId, [...(byOrganisation.get(row.organisationId) ?? []), row]);
    for (const [organisationId, days] of byOrganisation) {
      const zones = siteZonesOf(await reportSites(trx, organisationId));
      const zone = organisationZone(zones);
      for (const run of consecutiveRuns(withNeighbours(days.map((row) => toDateOnly(row.day))))) {
        await recompute(trx, organisationId, run, zones, zone);
        await recomputePrepDays(trx, organisationId, run, zone);
      }
    }
    if (dirty.length > 0) {
      // Exactly the marks read: one a writer added since stays, and its day is done again next pass.
      await trx
        .deleteFrom("ReportDirtyDay")
        .where("version", "=", sql<string>`any(${dirty.flatMap((row) => row.versions)}::bigint[])`)
        .execute();
    }
    return dirty.length;
  });
}

/**
 * Every marked day (the back-fill, or a worker's pass): chunks until none is left, `maxChunks` are done
 * or the lock is held. The first chunk is one day; each next one is sized from the last one's time.
 */
export async function refreshAllReportRollups(
  kdb: Kdb,
  { maxChunks = 100, budgetMs = CHUNK_BUDGET_MS, signal }: RollupPassOptions = {},
): Promise<number> {
  const pass = await workInChunks<true>({
    maxChunk: BATCH_DAYS,
    minChunk: 1,
    budgetMs,
    maxChunks,
    signal,
    // The marked days are taken oldest first and unmarked as they are done: no cursor to carry.
    chunk: async (_after, days) => {
      const done = await refreshReportRollups(kdb, days);
      return done === null ? null : { read: done, last: done > 0 ? true : null };
    },
  });
  return pass.read;
}

export type RollupPassOptions = { maxChunks?: number; budgetMs?: number; signal?: AbortSignal };

type Run = { from: string; to: string };

/** Days ("YYYY-MM-DD") as runs of consecutive days, each once: one range scan each. */
export function consecutiveRuns(days: string[]): Run[] {
  const runs: Run[] = [];
  for (const day of [...new Set(days)].sort()) {
    const last = runs.at(-1);
    if (last && Date.parse(day) - Date.parse(last.to) === 86_400_000) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) =>
  toDateOnly(new Date(fromDateOnly(day).getTime() + days * DAY_MS));

/**
 * A marked day (a UTC day: the triggers mark `timestamp::date`) and the days either side of it: the
 * instants of a UTC day fall on it and on a neighbour in any other zone, so these are the days of the
 * organisation's zone that may have changed.
 */
export function withNeighbours(days: string[]): string[] {
  return days.flatMap((day) => [shiftDay(day, -1), day, shiftDay(day, 1)]);
}

async function recompute(
  trx: Kdb,
  organisationId: string,
  run: Run,
  zones: SiteZones,
  zone: string,
): Promise<void> {
  for (const table of ["ReportDeliveryDay", "ReportPriceVarianceDay", "ReportLaneDay"] as const) {
    await trx
      .deleteFrom(table)
      .where("organisationId", "=", organisationId)
      // The price histogram's weeks are rebuilt below, from its day rows.
      .$if(table !== "ReportDeliveryDay", (query) => query.where("days", "=", 1))
      .where("day", ">=", new Date(`${run.from}T00:00:00Z`))
      .where("day", "<=", new Date(`${run.to}T00:00:00Z`))
      .execute();
  }
  const delivered = deliveredRequests(trx, organisationId, { ...run, siteId: null, area: null, zone }, zones);
  // Each delivery counts under every site ('') and under its origin and its destination (once if same).
  const rows = sql`(SELECT x.*, CASE WHEN x."costCents" IS NOT NULL AND x."estimatedCostCents" IS NOT NULL
        AND x."costCurrency" = x."estimatedCostCurrency" THEN x."costCurrency"::text ELSE '' END AS currency
      FROM (${delivered}) x) d
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(ARRAY['', d."originSiteId", d."destinationSiteId"]) AS "siteId") s`;
  const keys = sql`s."siteId", ${dayIn(zone, "d.completedOn")}, d."businessArea", coalesce(d."providerId", ''),
    coalesce(d."driverId", ''), d.currency`;
  await sql`INSERT INTO "ReportDeliveryDay" ("organisationId", "siteId", "day", "businessArea", "providerId",
      "driverId", "currency", "delivered", "onTime", "varianceCents")
    SELECT ${organisationId}, ${keys}, count(*), count(*) FILTER (WHERE d."onTime"),
      coalesce(sum(d."costCents" - d."estimatedCostCents") FILTER (WHERE d.currency <> ''), 0)
    FROM ${rows} GROUP BY ${keys}`.execute(trx);
  const percent = sql`round(100.0 * (d."costCents" - d."estimatedCostCents") / d."estimatedCostCents")::int`;
  // One row per key: its whole-percent buckets as two arrays in step.
  await sql`INSERT INTO "ReportPriceVarianceDay" ("organisationId", "days", "siteId", "day", "businessArea",
      "providerId", "driverId", "currency", "percents", "counts")
    SELECT ${organisationId}, 1, b."siteId", b.day, b."businessArea", b."providerId", b."driverId", b.currency,
      array_agg(b.percent ORDER BY b.percent), array_agg(b.priced ORDER BY b.percent)
    FROM (SELECT ${keys}, ${percent} AS percent, count(*)::int AS priced
      FROM ${rows} WHERE d.currency <> '' AND d."estimatedCostCents" <> 0 GROUP BY ${keys}, ${percent})
      AS b ("siteId", day, "businessArea", "providerId", "driverId", currency, percent, priced)
    GROUP BY 2, 3, 4, 5, 6, 7, 8`.execute(trx);
  await rebuildPriceWeeks(trx, organisationId, run);
  await sql`INSERT INTO "ReportLaneDay" ("organisationId", "days", "day", "businessArea", "originSiteId",
      "destinationSiteId", "requests", "delivered", "calledOff")
    SELECT ${organisationId}, 1, ${dayIn(zone, "r.createdAt")}, r."businessArea", r."originSiteId", r."destinationSiteId",
      count(*), count(*) FILTER (WHERE r.status = 'DELIVERED'),
      count(*) FILTER (WHERE r.status = ANY(${[...CALLED_OFF_STATUSES]}::"MovementRequestStatus"[]))
    FROM "MovementRequest" r
    WHERE r."organisationId" = ${organisationId} AND r."createdAt" >= ${startOfDayIn(run.from, zone)}
      AND r."createdAt" < ${startOfDayIn(shiftDay(run.to, 1), zone)}
    GROUP BY 3, 4, 5, 6`.execute(trx);
  await rebuildLaneWeeks(trx, organisationId, run);
}
