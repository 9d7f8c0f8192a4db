// Benchmark (issue 17 §4): /reports on the scale data set. Builds it (bench/scale/generate-scale-data.ts,
// with its final prices, at-risk flags, ETA outcomes and prep stage stays) on vms_bench_reports, then times each
// chart's query in this process and the whole page over HTTP on the production server, each for the
// default 12 weeks and for a year: a warm-up, then N runs, median and p95. Figures only: no assertion.
//   npm run bench:reports
//   options: --requests 100000  --prep-jobs (requests / 5)  --runs 20  --port 3186  --reuse  --explain
import { parseArgs } from "node:util";
import { createBenchDatabase, migrateAndSeed, withClient } from "@/bench/lib/database";
import { explainQueries } from "@/bench/lib/explain-queries";
import { latencySummary } from "@/bench/lib/latency-percentiles";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { startProductionServer } from "@/bench/lib/production-server";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { sessionCookie } from "@/bench/lib/session-cookie";
import { printTable, type Row } from "@/bench/lib/table";
import { generateScaleData, rollUpReconMarks } from "@/bench/scale/generate-scale-data";
import type { Kdb } from "@/lib/db";
import type { ReportFilters } from "@/lib/reports/report-filters";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "100000" },
    "prep-jobs": { type: "string" },
    runs: { type: "string", default: "20" },
    port: { type: "string", default: "3186" },
    reuse: { type: "boolean", default: false },
    /** Print each chart query's plan (EXPLAIN ANALYZE) for the year's range, then stop. */
    explain: { type: "boolean", default: false },
    /** Time the direct queries over the raw rows (test/report-oracles/) instead: the "before". */
    direct: { type: "boolean", default: false },
  },
});
const REQUESTS = Number(args.requests);
const PREP_JOBS = Number(args["prep-jobs"] ?? Math.round(REQUESTS / 5));
const RUNS = Number(args.runs);

const machine = machineInfo(await postgresVersion());
const databaseUrl = await createOrReuse();
// lib/env reads DATABASE_URL on first use: the report modules are loaded after it is set.
process.env.DATABASE_URL = databaseUrl;
const { kysely } = await import("@/lib/db");
const { parseReportFilters } = await import("@/lib/reports/report-filters");
const { refreshAllReportRollups } = await import("@/lib/reports/rollups/refresh-report-rollups");
// Read from the requests themselves in either mode: it has no roll-up.
const { etaAccuracyByCarrier, etaAccuracyByLane } = await import("@/lib/reports/eta-accuracy");
const etaAccuracy = {
  "ETA accuracy by lane": etaAccuracyByLane,
  "ETA accuracy by carrier": etaAccuracyByCarrier,
};
// Read from the recon roll-up (issue 37), which has no direct form.
const reconCost = await import("@/lib/reports/recon-cost");
const recon = {
  "recon cost by site": reconCost.reconCostBySite,
  "recon cost by category": reconCost.reconCostByCategory,
  "recon cost by make": reconCost.reconCostByMake,
  "recon waiting by cause": (await import("@/lib/reports/recon-waiting")).reconWaitingBySite,
  "recon approval turnaround": (await import("@/lib/reports/recon-approvals")).reconApprovalTurnaround,
  "recon vehicles": (await import("@/lib/reports/recon-vehicles")).reconVehicles,
};
const rolledUp = {
  "on-time by week": (await import("@/lib/reports/on-time-by-week")).onTimeByWeek,
  "on-time by carrier": (await import("@/lib/reports/on-time-by-carrier")).onTimeByCarrier,
  "price variance by carrier": (await import("@/lib/reports/price-variance-by-carrier"))
    .priceVarianceByCarrier,
  "stage time by site": (await import("@/lib/reports/stage-time-by-site")).stageTimeBySite,
  "days to frontline": (await import("@/lib/reports/days-to-frontline")).daysToFrontline,
  "volume by lane": (await import("@/lib/reports/volume-by-lane")).volumeByLane,
  ...etaAccuracy,
  ...recon,
};
// --direct: the same charts over the raw rows (test/report-oracles/, the code before the roll-ups).
const { organisationZoneOf, reportSites, siteZonesOf } = await import("@/lib/reports/site-zones");
type Query = (kdb: Kdb, organisationId: string, filters: ReportFilters) => Promise<unknown>;
const direct: Record<string, Query> = {
  "on-time by week": async (kdb, organisationId, filters) =>
    (await import("@/test/report-oracles/on-time-by-week")).onTimeByWeek(
      kdb,
      organisationId,
      filters,
      await zonesOf(kdb, organisationId),
    ),
  "on-time by carrier": async (kdb, organisationId, filters) =>
    (await import("@/test/report-oracles/on-time-by-carrier")).onTimeByCarrier(
      kdb,
      organisationId,
      filters,
      await zonesOf(kdb, organisationId),
    ),
  "price variance by carrier": async (kdb, organisationId, filters) =>
    (await import("@/test/report-oracles/price-variance-by-carrier")).priceVarianceByCarrier(
      kdb,
      organisationId,
      filters,
      await zonesOf(kdb, organisationId),
    ),
  "stage time by site": (await import("@/test/report-oracles/stage-time-by-site")).stageTimeBySite,
  "days to frontline": (await import("@/test/report-oracles/days-to-frontline")).daysToFrontline,
  "volume by lane": (await import("@/test/report-oracles/volume-by-lane")).volumeByLane,
  ...etaAccuracy,
};
const queries: Record<string, Query> = args.direct ? direct : rolledUp;
async function zonesOf(kdb: Kdb, organisationId: string) {
  return siteZonesOf(await reportSites(kdb, organisationId));
}

const counts = await withClient(databaseUrl, async (client) => {
  const { rows } = await client.query<Record<string, string>>(
    `SELECT o.id AS "organisationId",
            (SELECT count(*) FROM "MovementRequest") AS requests,
            (SELECT count(*) FROM "MovementRequest" WHERE status = 'DELIVERED') AS delivered,
            (SELECT count(*) FROM "MovementRequestPrice") AS prices,
            (SELECT count(*) FROM "MovementRequest" WHERE "atRiskSince" IS NOT NULL) AS "atRisk",
            (SELECT count(*) FROM "PrepJob") AS "prepJobs",
            (SELECT count(*) FROM "PrepJobStageSpell") AS stays,
            (SELECT count(*) FROM "ReconWorkItem") AS "workItems",
            (SELECT count(*) FROM "ReconWorkItemStateChange") AS "workItemStates"
       FROM "Organisation" o WHERE o.name = 'Northgate Motors'`,
  );
  return rows[0]!;
});
console.log("Data:", counts);
const organisationId = counts.organisationId!;
const now = new Date();
const zone = await organisationZoneOf(kysely(), organisationId);
const RANGES = { "12 weeks": {}, "1 year": { from: isoDaysAgo(364) } };
const loadBefore = uptimeLine();
const rows: Row[] = [];

const kdb = kysely();
// The roll-ups' back-fill: what the worker's first passes do after the deployment. The generator's bulk
// inserts skip triggers, so a new data set has every day marked here; with --reuse, what the
// migrations marked.
if (!args.reuse)
  await withClient(databaseUrl, (client) =>
    client.query(`INSERT INTO "ReportDirtyDay" ("organisationId", "day")
    SELECT "organisationId", "createdAt"::date FROM "MovementRequest"
    UNION SELECT "organisationId", "completedOn"::date FROM "MovementRequest" WHERE "completedOn" IS NOT NULL
    UNION SELECT "organisationId", "leftAt"::date FROM "PrepJobStageSpell" WHERE "leftAt" IS NOT NULL
    UNION SELECT "organisationId", "enteredAt"::date FROM "PrepJobStageSpell" WHERE "stage" = 'OUTBOUND'
    ON CONFLICT DO NOTHING`),
  );
const backfillStarted = performance.now();
const backfilled = await refreshAllReportRollups(kdb, { maxChunks: 1_000 });
console.log(
  `Roll-ups: ${backfilled} days recomputed in ${Math.round(performance.now() - backfillStarted)} ms`,
);
// The recon roll-up's back-fill: the generator does it (its "recon roll-ups" step says how long it took);
// a data set generated before that still has its marks.
const reconStarted = performance.now();
const reconJobs = await rollUpReconMarks(databaseUrl);
console.log(
  `Recon roll-up: ${reconJobs} jobs recomputed in ${Math.round(performance.now() - reconStarted)} ms`,
);
const rollupRows = await withClient(databaseUrl, async (client) => {
  const { rows } = await client.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM "ReportDeliveryDay") AS "deliveryDays",
            (SELECT count(*) FROM "ReportPriceVarianceDay") AS "priceBuckets",
            (SELECT count(*) FROM "ReportLaneDay") AS "laneDays",
            (SELECT count(*) FROM "ReportStageHistogram") AS "stageBuckets",
            (SELECT count(*) FROM "ReportFrontlineHistogram") AS "frontlineBuckets",
            (SELECT count(*) FROM "ReconCostReport") AS "reconCostRows",
            (SELECT count(*) FROM "ReconWaitReport") AS "reconWaitRows",
            (SELECT count(*) FROM "ReconApprovalReport") AS "reconApprovalRows"`,
  );
  await client.query(
    `VACUUM (ANALYZE) "ReportDeliveryDay", "ReportPriceVarianceDay", "ReportLaneDay", "ReportStageHistogram", "ReportFrontlineHistogram", "ReconCostReport", "ReconWaitReport", "ReconApprovalReport"`,
  );
  return rows[0]!;
});
console.log("Roll-up rows:", rollupRows);
if (args.explain) {
  const year = parseReportFilters(RANGES["1 year"], now, zone);
  if (!year.ok) throw new Error("bad range");
  for (const [name, query] of Object.entries(queries)) {
    const plans = await explainQueries(databaseUrl, kdb, (recording) =>
      query(recording, organisationId, year.filters),
    );
    console.log(`\n### ${name}\n${plans.join("\n")}`);
  }
  process.exit(0);
}
for (const [range, params] of Object.entries(RANGES)) {
  const parsed = parseReportFilters(params, now, zone);
  if (!parsed.ok) throw new Error(`bad range ${range}`);
  for (const [name, query] of Object.entries(queries)) {
    const timed = await time(() => query(kdb, organisationId, parsed.filters));
    rows.push({ what: `query: ${name}`, range, ...timed });
  }
}

// The page runs the rolled-up code: --direct times the queries only.
if (!args.direct) {
  const server = await startProductionServer({ name: "reports", port: Number(args.port), databaseUrl });
  try {
    const cookie = await sessionCookie(server.baseUrl);
    for (const [range, params] of Object.entries(RANGES)) {
      const query = new URLSearchParams(params as Record<string, string>).toString();
      const timed = await time(async () => {
        const response = await fetch(`${server.baseUrl}/reports?${query}`, { headers: { cookie } });
        const body = await response.text();
        if (response.status !== 200 || !body.includes("Volume by lane"))
          throw new Error(`/reports: ${response.status}`);
      });
      rows.push({ what: "page: GET /reports", range, ...timed });
    }
  } finally {
    await server.stop();
  }
}
const loadAfter = uptimeLine();
printTable(
  `bench:reports${args.direct ? " (direct, over raw rows)" : ""}, ${counts.requests} requests, ${counts.prepJobs} prep jobs, ${RUNS} runs`,
  rows,
);
console.log(`Load before: ${loadBefore}\nLoad after:  ${loadAfter}`);
writeResult(args.direct ? "reports-direct" : "reports", {
  machine,
  loadBefore,
  loadAfter,
  data: { ...counts, ...rollupRows },
  runs: RUNS,
  rows,
});
process.exit(0);

async function time(work: () => Promise<unknown>): Promise<Row> {
  await work();
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await work();
    timings.push(performance.now() - started);
  }
  const summary = latencySummary(timings);
  return { medianMs: summary.p50Ms, p95Ms: summary.p95Ms };
}

function isoDaysAgo(days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

async function createOrReuse(): Promise<string> {
  if (args.reuse) {
    const url = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
    url.pathname = "/vms_bench_reports";
    await migrateAndSeed(url.toString());
    return url.toString();
  }
  const created = await createBenchDatabase("reports");
  console.log(`Database ${created.name}: migrating and seeding…`);
  await migrateAndSeed(created.url);
  console.log(`Generating ${REQUESTS} movement requests and ${PREP_JOBS} prep jobs…`);
  const generated = await generateScaleData(created.url, { requests: REQUESTS, prepJobs: PREP_JOBS });
  console.log(`Generated in ${generated.seconds} s`);
  return created.url;
}
