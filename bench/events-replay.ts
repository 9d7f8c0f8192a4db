// Benchmark 2 (issue #6): GET /v1/movement-requests/events with 1,000,000 events in the database. Times
// the first page, the page 100,000 events deep (reached by walking the cursor; only that page is timed)
// and a `since` query, limit 250, over HTTP against the production build; and prints the query plan of
// each (EXPLAIN (ANALYZE, BUFFERS) of the exact SQL the endpoint runs, from eventsPageQuery).
// Run: npm run bench:events   (BENCH_EVENTS to change the 1,000,000; BENCH_SAMPLES, default 30)
import { createBenchDatabase, migrateAndSeed, withClient } from "@/bench/lib/database";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { insertSyntheticEvents, type BenchTenants } from "@/bench/lib/synthetic-events";
import { startProductionServer } from "@/bench/lib/production-server";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { sampleRss } from "@/bench/lib/rss-sampler";
import { markdownTable, printTable, type Row } from "@/bench/lib/table";
import { atMost, targetRows } from "@/bench/lib/targets";
import { decodeEventsCursor } from "@/lib/events/events-cursor";
import { eventsPageQuery } from "@/lib/events/list-published-events";
import { retentionCutoff } from "@/lib/events/retention";
import { createKysely } from "@/lib/db";
import { env } from "@/lib/env";

const SERVER_PORT = 3242;
const TOTAL_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const PAGE_SIZE = 250;
const DEPTH = 100_000;
/** The seed's demo key of organisation A (README). */
const API_KEY = env().DEMO_API_KEY_A;

type Timing = { p50Ms: number; p90Ms: number; p99Ms: number; minMs: number; maxMs: number; samples: number };
type Query = { name: string; path: string; timing: Timing; sqlMs: number; plan: string; events: number };

const machine = machineInfo(await postgresVersion());
console.log(`Events replay benchmark — ${TOTAL_EVENTS.toLocaleString("en")} events, ${machine.uptime}`);
const database = await createBenchDatabase("events");
console.log(`Database ${database.name}: migrations and demo data…`);
await migrateAndSeed(database.url);
const tenants = await withClient(database.url, (client) => demoTenants(client));
/** Compiles the product's query here (it never connects); withClient runs its EXPLAIN. */
const compiler = createKysely(database.url, 1);
const insertStarted = performance.now();
const distribution = await withClient(database.url, (client) =>
  insertSyntheticEvents(client, tenants, TOTAL_EVENTS),
);
const insertSeconds = Math.round((performance.now() - insertStarted) / 100) / 10;
console.log(`Inserted and analysed in ${insertSeconds} s`);

const server = await startProductionServer({
  name: "events-replay",
  port: SERVER_PORT,
  databaseUrl: database.url,
});
const queries: Query[] = [];
const rss = sampleRss(server.pid);
try {
  const base = `${server.baseUrl}/v1/movement-requests/events?limit=${PAGE_SIZE}`;
  console.log(`Walking the cursor ${DEPTH.toLocaleString("en")} events deep…`);
  const walkStarted = performance.now();
  let cursor: string | null = null;
  for (let walked = 0; walked < DEPTH; walked += PAGE_SIZE) {
    const url: string = cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base;
    cursor = (await getPage(url)).nextCursor;
    if (!cursor) throw new Error(`The walk ended after ${walked + PAGE_SIZE} events: too few events`);
  }
  const walkSeconds = (performance.now() - walkStarted) / 1000;
  console.log(`  ${DEPTH / PAGE_SIZE} pages in ${walkSeconds.toFixed(1)} s (this also warmed the server up)`);

  // A consumer catching up from ten days ago: the first page of that walk.
  const since = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString();
  const pages = [
    { name: "first page", url: base },
    {
      name: `page ${DEPTH.toLocaleString("en")} deep`,
      url: `${base}&cursor=${encodeURIComponent(cursor ?? "")}`,
    },
    { name: "since 10 days ago", url: `${base}&since=${encodeURIComponent(since)}` },
  ];
  queries.push(...(await measureInTurn(pages)));
} finally {
  await server.stop();
}
const serverRss = rss.stop();
report();

/**
 * Samples the pages in turn (first, deep, since, first, …) so that a change in the machine's load
 * during the run weighs on each alike; the deep-to-first ratio is then fair.
 */
async function measureInTurn(pages: Array<{ name: string; url: string }>): Promise<Query[]> {
  const durations = pages.map(() => [] as number[]);
  const sizes = await Promise.all(pages.map(async (page) => (await getPage(page.url)).data.length));
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    for (const [index, page] of pages.entries()) {
      const started = performance.now();
      await getPage(page.url);
      durations[index]?.push(performance.now() - started);
    }
  }
  const measured: Query[] = [];
  for (const [index, page] of pages.entries()) {
    const { plan, executionMs } = await explain(new URL(page.url));
    const timing = summarise(durations[index] ?? []);
    console.log(`  ${page.name}: p50 ${timing.p50Ms} ms, p99 ${timing.p99Ms} ms (SQL ${executionMs} ms)`);
    measured.push({
      name: page.name,
      path: new URL(page.url).search,
      timing,
      sqlMs: executionMs,
      plan,
      events: sizes[index] ?? 0,
    });
  }
  return measured;
}

async function getPage(url: string): Promise<{ data: unknown[]; nextCursor: string | null }> {
  const response = await fetch(url, { headers: { "x-service-api-key": API_KEY } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { data: unknown[]; nextCursor: string | null };
}

/** The plan of the SQL the endpoint runs for this URL (lib/events/list-published-events.ts). */
async function explain(url: URL): Promise<{ plan: string; executionMs: number }> {
  const cursorText = url.searchParams.get("cursor");
  const cursor = cursorText ? decodeEventsCursor(cursorText) : undefined;
  const sinceText = url.searchParams.get("since") ?? cursor?.since?.toISOString();
  const cutoff = retentionCutoff("FREE", new Date()); // the demo organisation A is on the free plan
  const since = sinceText ? new Date(sinceText) : undefined;
  const query = eventsPageQuery(compiler, {
    profileId: tenants.profileA,
    from: since && since > cutoff ? since : cutoff,
    after: cursor,
    take: PAGE_SIZE + 1,
  }).compile();
  return withClient(database.url, async (client) => {
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, [
      ...query.parameters,
    ]);
    const plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
    const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
    return { plan, executionMs };
  });
}

async function demoTenants(client: import("pg").Client): Promise<BenchTenants> {
  const { rows } = await client.query<{ prefix: string; profileId: string; organisationId: string }>(
    `SELECT k."prefix", k."profileId", p."organisationId" FROM "ApiKey" k JOIN "Profile" p ON p."id" = k."profileId"
     WHERE k."prefix" IN ('vms_demoA_in', 'vms_demoB_in')`,
  );
  const a = rows.find((row) => row.prefix === "vms_demoA_in");
  const b = rows.find((row) => row.prefix === "vms_demoB_in");
  if (!a || !b) throw new Error("The demo data lacks the integration keys of organisations A and B");
  return {
    profileA: a.profileId,
    organisationA: a.organisationId,
    profileB: b.profileId,
    organisationB: b.organisationId,
  };
}

function summarise(durations: number[]): Timing {
  const sorted = [...durations].sort((left, right) => left - right);
  const at = (fraction: number) =>
    round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN);
  return {
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    minMs: round(sorted[0] ?? NaN),
    maxMs: round(sorted.at(-1) ?? NaN),
    samples: sorted.length,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function report(): void {
  const rows: Row[] = queries.map((query) => ({
    query: query.name,
    events: query.events,
    "p50 ms": query.timing.p50Ms,
    "p90 ms": query.timing.p90Ms,
    "p99 ms": query.timing.p99Ms,
    "max ms": query.timing.maxMs,
    "SQL execution ms": query.sqlMs,
  }));
  printTable(`HTTP latency, limit ${PAGE_SIZE}, ${SAMPLES} sequential samples each`, rows);
  for (const query of queries) console.log(`\nPlan — ${query.name}:\n${query.plan}`);
  const [first, deep] = queries;
  const checks = [
    atMost(
      "any events page ≤ 50 ms (worst p50)",
      Math.max(...queries.map((query) => query.timing.p50Ms)),
      50,
      "ms",
    ),
    atMost(
      "deep page within 1.3× of the first (p50 ratio)",
      (deep?.timing.p50Ms ?? NaN) / (first?.timing.p50Ms ?? NaN),
      1.3,
      "×",
    ),
    atMost("server peak RSS ≤ 512 MiB", serverRss.peakTreeRssMiB, 512, "MiB"),
  ];
  printTable("Targets", targetRows(checks));
  console.log(
    `\nMarkdown for docs/performance.md:\n\n${markdownTable(rows)}\n\n${markdownTable(targetRows(checks))}`,
  );
  writeResult("events-replay", {
    command: "npm run bench:events",
    machine,
    loadAtEnd: uptimeLine(),
    settings: {
      totalEvents: TOTAL_EVENTS,
      pageSize: PAGE_SIZE,
      depth: DEPTH,
      samples: SAMPLES,
      database: database.name,
    },
    distribution,
    insertSeconds,
    results: queries,
    memory: { server: serverRss },
    targets: checks,
  });
}
