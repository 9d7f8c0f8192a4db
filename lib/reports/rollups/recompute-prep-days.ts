// The histograms for a run of days of the organisation's zone (the roll-up pass,
// refresh-report-rollups.ts): the prep charts' day rows from the stays; then, for them and the price
// variance's, the rows of the ISO weeks that hold those days, summed from the day rows (and the lanes'
// weeks).
import { sql, type Kdb } from "@/lib/db";
import { fromDateOnly, startOfDayIn, toDateOnly } from "@/lib/dates";
import { logBucket } from "@/lib/reports/rollups/histogram-percentile";
import { dayIn } from "@/lib/reports/site-zones";

type Run = { from: string; to: string };

const dayAfter = (day: string) => toDateOnly(new Date(fromDateOnly(day).getTime() + 86_400_000));

export async function recomputePrepDays(
  trx: Kdb,
  organisationId: string,
  run: Run,
  zone: string,
): Promise<void> {
  const start = startOfDayIn(run.from, zone);
  const end = startOfDayIn(dayAfter(run.to), zone);
  for (const table of ["ReportStageHistogram", "ReportFrontlineHistogram"] as const) {
    await trx
      .deleteFrom(table)
      .where("organisationId", "=", organisationId)
      .where("days", "=", 1)
      .where("day", ">=", fromDateOnly(run.from))
      .where("day", "<=", fromDateOnly(run.to))
      .execute();
  }
  // As the direct query: working hours once counted, else elapsed.
  const hours = sql<number>`coalesce(s."workingSeconds", extract(epoch FROM s."leftAt" - s."enteredAt")) / 3600.0`;
  await sql`INSERT INTO "ReportStageHistogram" ("organisationId", "days", "day", "prepSiteId", "stage",
      "businessArea", "bucket", "stays", "valueSum")
    SELECT ${organisationId}, 1, ${dayIn(zone, "s.leftAt")}, s."prepSiteId", s."stage", s."businessArea", ${logBucket(hours)},
      count(*), sum(${hours})
      FROM "PrepJobStageSpell" s
     WHERE s."organisationId" = ${organisationId} AND s."leftAt" >= ${start} AND s."leftAt" < ${end}
       AND s."prepSiteId" IS NOT NULL
     GROUP BY 3, 4, 5, 6, 7`.execute(trx);
  const days = sql<number>`extract(epoch FROM s."enteredAt" - job."createdAt") / 86400.0`;
  await sql`INSERT INTO "ReportFrontlineHistogram" ("organisationId", "days", "day", "prepSiteId",
      "businessArea", "bucket", "jobs", "valueSum")
    SELECT ${organisationId}, 1, ${dayIn(zone, "s.enteredAt")}, s."prepSiteId", s."businessArea", ${logBucket(days)}, count(*),
      sum(${days})
      FROM "PrepJobStageSpell" s JOIN "PrepJob" job ON job."id" = s."prepJobId"
     WHERE s."organisationId" = ${organisationId} AND s."stage" = 'OUTBOUND'
       AND s."enteredAt" >= ${start} AND s."enteredAt" < ${end} AND s."prepSiteId" IS NOT NULL
     GROUP BY 3, 4, 5, 6`.execute(trx);
  // The weeks (by their Monday) that hold the run's days, again from their day rows.
  const firstMonday = sql`date_trunc('week', ${run.from}::date::timestamp)::date`;
  const lastMonday = sql`date_trunc('week', ${run.to}::date::timestamp)::date`;
  const monday = sql`date_trunc('week', "day"::timestamp)::date`;
  await sql`DELETE FROM "ReportStageHistogram" WHERE "organisationId" = ${organisationId} AND "days" = 7
      AND "day" BETWEEN ${firstMonday} AND ${lastMonday}`.execute(trx);
  await sql`INSERT INTO "ReportStageHistogram" ("organisationId", "days", "day", "prepSiteId", "stage",
      "businessArea", "bucket", "stays", "valueSum")
    SELECT "organisationId", 7, ${monday}, "prepSiteId", "stage", "businessArea", "bucket", sum("stays"), sum("valueSum")
      FROM "ReportStageHistogram"
     WHERE "organisationId" = ${organisationId} AND "days" = 1 AND "day" BETWEEN ${firstMonday} AND ${lastMonday} + 6
     GROUP BY 1, 3, 4, 5, 6, 7`.execute(trx);
  await sql`DELETE FROM "ReportFrontlineHistogram" WHERE "organisationId" = ${organisationId} AND "days" = 7
      AND "day" BETWEEN ${firstMonday} AND ${lastMonday}`.execute(trx);
  await sql`INSERT INTO "ReportFrontlineHistogram" ("organisationId", "days", "day", "prepSiteId",
      "businessArea", "bucket", "jobs", "valueSum")
    SELECT "organisationId", 7, ${monday}, "prepSiteId", "businessArea", "bucket", sum("jobs"), sum("valueSum")
      FROM "ReportFrontlineHistogram"
     WHERE "organisationId" = ${organisationId} AND "days" = 1 AND "day" BETWEEN ${firstMonday} AND ${lastMonday} + 6
     GROUP BY 1, 3, 4, 5, 6`.execute(trx);
}

/** The price histogram's weeks that hold the run's days, from its day rows. */
export async function rebuildPriceWeeks(trx: Kdb, organisationId: string, run: Run): Promise<void> {
  const firstMonday = sql`date_trunc('week', ${run.from}::date::timestamp)::date`;
  const lastMonday = sql`date_trunc('week', ${run.to}::date::timestamp)::date`;
  await sql`DELETE FROM "ReportPriceVarianceDay" WHERE "organisationId" = ${organisationId} AND "days" = 7
      AND "day" BETWEEN ${firstMonday} AND ${lastMonday}`.execute(trx);
  await sql`INSERT INTO "ReportPriceVarianceDay" ("organisationId", "days", "siteId", "day", "businessArea",
      "providerId", "driverId", "currency", "percents", "counts")
    SELECT w."organisationId", 7, w."siteId", w.week, w."businessArea", w."providerId", w."driverId", w.currency,
      array_agg(w.percent ORDER BY w.percent), array_agg(w.priced ORDER BY w.percent)
    FROM (SELECT r."organisationId", r."siteId", date_trunc('week', r."day"::timestamp)::date AS week,
        r."businessArea", r."providerId", r."driverId", r.currency, h.percent, sum(h.priced)::int AS priced
      FROM "ReportPriceVarianceDay" r, unnest(r.percents, r.counts) AS h (percent, priced)
      WHERE r."organisationId" = ${organisationId} AND r."days" = 1
        AND r."day" BETWEEN ${firstMonday} AND ${lastMonday} + 6
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) AS w
    GROUP BY 1, 3, 4, 5, 6, 7, 8`.execute(trx);
}

/** The lane roll-up's weeks that hold the run's days, from its day rows. */
export async function rebuildLaneWeeks(trx: Kdb, organisationId: string, run: Run): Promise<void> {
  const firstMonday = sql`date_trunc('week', ${run.from}::date::timestamp)::date`;
  const lastMonday = sql`date_trunc('week', ${run.to}::date::timestamp)::date`;
  await sql`DELETE FROM "ReportLaneDay" WHERE "organisationId" = ${organisationId} AND "days" = 7
      AND "day" BETWEEN ${firstMonday} AND ${lastMonday}`.execute(trx);
  await sql`INSERT INTO "ReportLaneDay" ("organisationId", "days", "day", "businessArea", "originSiteId",
      "destinationSiteId", "requests", "delivered", "calledOff")
    SELECT "organisationId", 7, date_trunc('week', "day"::timestamp)::date, "businessArea", "originSiteId",
      "destinationSiteId", sum("requests"), sum("delivered"), sum("calledOff")
      FROM "ReportLaneDay"
     WHERE "organisationId" = ${organisationId} AND "days" = 1 AND "day" BETWEEN ${firstMonday} AND ${lastMonday} + 6
     GROUP BY 1, 3, 4, 5, 6`.execute(trx);
}
