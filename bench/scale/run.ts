// Benchmark (issue #15): every list, search and export at two years of data. Builds the data set on a
// fresh database (bench/scale/generate-scale-data.ts), starts the production server on it, signs in,
// warms the server up with the first view, and times each view of bench/scale/scale-views.ts over HTTP:
// a warm-up per web process, then N runs, median and p95. Then the CSV export of about 50,000 rows, with
// the server's RSS before, at peak and after.
//   npm run bench:scale
//   options: --requests 1000000  --prep-jobs 200000  --runs 10  --export-runs 3  --port 3185
//            --name scale  --reuse (time the existing vms_bench_scale database, after
//            `prisma migrate deploy`)  --generate-only  --only <group> (board, map, v1, kanban
//            or export)
//            --cold (each timed run of the kanban views after a PostgreSQL restart and an emptied OS page
//            cache: a machine's local cluster, as root; `pg_ctlcluster` names it, PG_CLUSTER="15 main")
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { createBenchDatabase, migrateAndSeed, withClient } from "@/bench/lib/database";
import { latencySummary } from "@/bench/lib/latency-percentiles";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { startProductionServer } from "@/bench/lib/production-server";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { sampleRss } from "@/bench/lib/rss-sampler";
import { sessionCookie } from "@/bench/lib/session-cookie";
import { printTable, type Row } from "@/bench/lib/table";
import { workerSettled } from "@/bench/lib/worker-settled";
import { generateScaleData, type ScaleDataSet } from "@/bench/scale/generate-scale-data";
import { pickSamples, scaleViews, type ScaleView } from "@/bench/scale/scale-views";
import { API_KEY_HEADER } from "@/lib/auth/authenticate-api-key";
import { env } from "@/lib/env";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "1000000" },
    "prep-jobs": { type: "string" },
    runs: { type: "string", default: "10" },
    "export-runs": { type: "string", default: "3" },
    port: { type: "string", default: "3185" },
    name: { type: "string", default: "scale" },
    reuse: { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
    only: { type: "string" },
    cold: { type: "boolean", default: false },
  },
});
const REQUESTS = Number(args.requests);
const PREP_JOBS = Number(args["prep-jobs"] ?? Math.round(REQUESTS / 5));
const RUNS = Number(args.runs);
const EXPORT_RUNS = Number(args["export-runs"]);
const REQUEST_TIMEOUT_MS = 120_000;
/** Requests of the first view per web process before any is timed (warmUpServer). */
const SERVER_WARM_UP_REQUESTS = 20;

const machine = machineInfo(await postgresVersion());
console.log(`Load: ${machine.uptime}`);
const database = await createOrReuse();
const data = await describeData(database.url);
if (args["generate-only"]) process.exit(0);

const samples = await pickSamples(database.url, data);
const displayToken = await createDisplayLink(database.url, data);
const server = await startProductionServer({
  name: args.name,
  port: Number(args.port),
  databaseUrl: database.url,
});
await workerSettled(database.url);
const results: Awaited<ReturnType<typeof timeView>>[] = [];
let exportResult: Row = {};
const loadBefore = uptimeLine();
try {
  const headers = {
    session: { cookie: await sessionCookie(server.baseUrl) },
    integration: { [API_KEY_HEADER]: env().DEMO_API_KEY_A },
    operations: { [API_KEY_HEADER]: env().DEMO_OPS_API_KEY },
    none: {},
  };
  const views = scaleViews(samples, data, displayToken).filter(
    (view) => !args.only || view.group === args.only,
  );
  const first = views[0];
  if (first) await warmUpServer(server.baseUrl, first, headers[first.auth]);
  for (const view of views) {
    const cold = args.cold && view.group === "kanban";
    const timed = await timeView(server.baseUrl, view, headers[view.auth], RUNS, cold);
    results.push(timed);
    console.log(`${view.name.padEnd(48)} median ${timed.medianMs} ms  p95 ${timed.p95Ms} ms  ${timed.kB} kB`);
  }
  if (!args.only || args.only === "export") exportResult = await timeExport(server.baseUrl, headers.session);
} finally {
  await server.stop();
}
const loadAfter = uptimeLine();

printTable(
  `bench:scale, ${data.requests} requests, ${data.prepJobs} prep jobs, ${RUNS} runs`,
  results.map(({ group, name, medianMs, p95Ms, kB, status }) => ({
    group,
    name,
    medianMs,
    p95Ms,
    kB,
    status,
  })),
);
printTable("CSV export", [exportResult]);
writeResult(args.name, {
  machine,
  loadBefore,
  loadAfter,
  data,
  runs: RUNS,
  views: results,
  export: exportResult,
});

async function createOrReuse() {
  if (args.reuse) {
    const url = new URL(process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
    url.pathname = "/vms_bench_scale";
    console.log("Reusing vms_bench_scale: applying any new migration…");
    await migrateAndSeed(url.toString());
    return { name: "vms_bench_scale", url: url.toString() };
  }
  const created = await createBenchDatabase("scale");
  console.log(`Database ${created.name}: migrating and seeding…`);
  await migrateAndSeed(created.url);
  console.log(`Generating ${REQUESTS} movement requests and ${PREP_JOBS} prep jobs…`);
  const generated = await generateScaleData(created.url, { requests: REQUESTS, prepJobs: PREP_JOBS });
  console.log(`Generated in ${generated.seconds} s: ${generated.legs} legs`);
  return created;
}

/** The data set as it stands in the database (also for --reuse). */
async function describeData(url: string): Promise<ScaleDataSet> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{
      organisationId: string;
      profileId: string;
      requests: string;
      legs: string;
      prepJobs: string;
    }>(`SELECT p."organisationId", p.id AS "profileId",
               (SELECT count(*) FROM "MovementRequest" WHERE "organisationId" = p."organisationId") AS requests,
               (SELECT count(*) FROM "Movement") AS legs,
               (SELECT count(*) FROM "PrepJob" WHERE "profileId" = p.id) AS "prepJobs"
          FROM "Profile" p WHERE p.name = 'Northgate Motors integration'`);
    const row = rows[0]!;
    const sites = await client.query<{ id: string; code: string }>(
      `SELECT id, code FROM "Site" WHERE "organisationId" = $1 ORDER BY "createdAt", code`,
      [row.organisationId],
    );
    const busiest = await client.query<{ prepSiteId: string }>(
      `SELECT "prepSiteId" FROM "PrepJob" WHERE "profileId" = $1 AND "prepSiteId" IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      [row.profileId],
    );
    return {
      organisationId: row.organisationId,
      profileId: row.profileId,
      sites: Object.fromEntries(sites.rows.map((site) => [site.code, site.id])),
      busiestPrepSiteId: busiest.rows[0]!.prepSiteId,
      requests: Number(row.requests),
      legs: Number(row.legs),
      prepJobs: Number(row.prepJobs),
      seconds: 0,
    };
  });
}

/** A workshop-screen link for the busiest prep site, made as the admin page makes one. */
async function createDisplayLink(url: string, set: ScaleDataSet): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await withClient(url, (client) =>
    client.query(
      `INSERT INTO "DisplayLink" (id, "organisationId", "siteId", name, "tokenHash")
       VALUES ($1, $2, $3, 'bench:scale', $4)`,
      [
        `01BENCH${randomBytes(10).toString("hex").toUpperCase().slice(0, 19)}`,
        set.organisationId,
        set.busiestPrepSiteId,
        createHash("sha256").update(token, "utf8").digest("hex"),
      ],
    ),
  );
  return token;
}

/**
 * The server's warm-up, before any view is timed: V8 optimises the page-rendering code over its first
 * few dozen requests, which a production server made long ago. Without it, the first view timed (the
 * default board) took twice as long as the same query timed later ("sort created desc").
 */
async function warmUpServer(baseUrl: string, view: ScaleView, headers: Record<string, string>) {
  for (let run = 0; run < SERVER_WARM_UP_REQUESTS * availableParallelism(); run++) {
    const response = await fetch(`${baseUrl}${view.path}`, { headers, redirect: "manual" });
    await response.arrayBuffer();
  }
}

async function timeView(
  baseUrl: string,
  view: ScaleView,
  headers: Record<string, string>,
  runs: number,
  cold = false,
) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${view.path}`, {
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status, bytes: body.byteLength };
  };
  // One warm-up per web process (one per core; the cluster hands requests to each in turn): a view's
  // first request in a process is slower (code paths compiled, plans cached), and with one warm-up
  // that cold run was the p95 of ten.
  const warmUp = await once();
  for (let extra = 1; extra < availableParallelism(); extra++) await once();
  const timings: number[] = [];
  const statuses = new Set<number>([warmUp.status]);
  for (let run = 0; run < runs; run++) {
    if (cold) coldCaches();
    const result = await once();
    statuses.add(result.status);
    timings.push(result.ms);
  }
  const summary = latencySummary(timings);
  return {
    group: view.group,
    name: view.name,
    path: view.path,
    medianMs: summary.p50Ms,
    p95Ms: summary.p95Ms,
    maxMs: summary.maxMs,
    kB: Math.round(warmUp.bytes / 1024),
    status: [...statuses].join(","),
  };
}

/**
 * PostgreSQL's shared buffers and the OS page cache emptied: the next request reads from disk, as the
 * first one after a restart or on a page nobody opened for a long time does. The server's pooled
 * connections die with the restart; the pool opens new ones, which the timed request pays for.
 */
function coldCaches(): void {
  const [version = "15", cluster = "main"] = (process.env.PG_CLUSTER ?? "15 main").split(" ");
  execFileSync("pg_ctlcluster", [version, cluster, "restart"]);
  execFileSync("sync");
  writeFileSync("/proc/sys/vm/drop_caches", "3");
  execFileSync("pg_isready", ["-h", "127.0.0.1", "-t", "30"]);
}

/**
 * /board/export of a month of deadlines sorted by deadline (about 41,000 rows at 1 M): time, rows, and
 * the server's RSS before, at peak and after. A month is the longest range a sort other than "created"
 * reads (lib/movement-requests/board/board-working-set.ts).
 */
async function timeExport(baseUrl: string, headers: Record<string, string>) {
  const query = new URLSearchParams({
    dueFrom: samples.exportDueFrom,
    dueTo: samples.exportDueTo,
    sort: "due",
    dir: "asc",
  });
  const rssBefore = treeRssMiB();
  const during = sampleRss(server.pid, 100);
  const timings: number[] = [];
  let rows = 0;
  for (let run = 0; run < EXPORT_RUNS; run++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/board/export?${query}`, {
      headers,
      signal: AbortSignal.timeout(10 * REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    timings.push(performance.now() - started);
    rows = text.split("\n").length - 2; // header line, trailing newline
    console.log(
      `export run ${run + 1}: ${rows} rows in ${Math.round(timings.at(-1)!)} ms (HTTP ${response.status})`,
    );
    if (rows === 0) throw new Error(`the export of ${query} returned no rows: the sample is wrong`);
  }
  const summary = latencySummary(timings);
  return {
    path: `/board/export?${query}`,
    rows,
    runs: EXPORT_RUNS,
    medianMs: summary.p50Ms,
    maxMs: summary.maxMs,
    rssBeforeMiB: rssBefore,
    rssPeakMiB: during.stop().peakTreeRssMiB,
    rssAfterMiB: treeRssMiB(),
  };
}

/** The server tree's RSS now (one sample). */
function treeRssMiB(): number {
  return sampleRss(server.pid, 60_000).stop().peakTreeRssMiB;
}
