// Benchmark 4 (issue #6): live kanban updates. The production server on a fresh, seeded PostgreSQL
// database; Chromium (Playwright) signed in as prep staff with the kanban open; a prep job moved
// through the /v1 operations API (ARRIVED ⇄ APPRAISED, the "appraise" / "undoAppraisal" rules) 100
// times, one move after the other. Measured: from the API response to the card being in its new
// column in the page's DOM (a MutationObserver timestamps it; the page's performance.timeOrigin +
// performance.now() and this process's Date.now() are the same machine clock). Also the server's RSS.
//   npm run bench:kanban
//   options: --moves 100  --port 3250  --pause 100 (ms between moves)  --name live-kanban
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { createBenchDatabase, migrateAndSeed } from "@/bench/lib/database";
import { latencySummary } from "@/bench/lib/latency-percentiles";
import { startProductionServer } from "@/bench/lib/production-server";
import { postgresVersion } from "@/bench/lib/postgres-version";
import { machineInfo, uptimeLine, writeResult } from "@/bench/lib/results";
import { sampleRss } from "@/bench/lib/rss-sampler";
import { markdownTable, printTable } from "@/bench/lib/table";
import { atMost, targetRows } from "@/bench/lib/targets";
import playwrightConfig from "@/e2e/playwright.config";
import { DEMO_STAFF, signIn } from "@/e2e/support/sign-in";
import { env } from "@/lib/env";

const { values: args } = parseArgs({
  options: {
    moves: { type: "string", default: "100" },
    port: { type: "string", default: "3250" },
    pause: { type: "string", default: "100" },
    name: { type: "string", default: "live-kanban" },
  },
});
const MOVES = Number(args.moves);
const PAUSE_MS = Number(args.pause);
const CARD_TIMEOUT_MS = 15_000;
/** Warm-up moves (first compilation of the board route, JIT) before the measured ones. */
const WARM_UP_MOVES = 3;

const machine = machineInfo(await postgresVersion());
console.log(`Load: ${machine.uptime}`);
const database = await createBenchDatabase("kanban");
console.log(`Database ${database.name}: migrating and seeding…`);
await migrateAndSeed(database.url);
const server = await startProductionServer({
  name: args.name,
  port: Number(args.port),
  databaseUrl: database.url,
});
const rss = sampleRss(server.pid);
const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
const latencies: number[] = [];
let loadBefore = "";
let loadAfter = "";
try {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page, DEMO_STAFF.prep, { callbackUrl: "/prep-jobs" });
  await page.waitForSelector('[data-testid="kanban-board"][data-connection="live"]', { timeout: 30_000 });
  const jobId = await page
    .locator('section[data-stage="ARRIVED"] [data-card-id]')
    .first()
    .getAttribute("data-card-id");
  if (!jobId) throw new Error("No card in the Arrived column of the prep user's first site");
  console.log(`Moving prep job ${jobId} ARRIVED ⇄ APPRAISED ${MOVES} times…`);

  for (let move = 0; move < WARM_UP_MOVES; move++) await moveAndWait(page, server.baseUrl, jobId, move);
  loadBefore = uptimeLine();
  for (let move = 0; move < MOVES; move++) {
    latencies.push(await moveAndWait(page, server.baseUrl, jobId, move + WARM_UP_MOVES));
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  loadAfter = uptimeLine();
} finally {
  await browser.close();
  await server.stop();
}
const serverRss = rss.stop();

const summary = latencySummary(latencies);
const rows = [
  {
    moves: summary.count,
    "p50 ms": summary.p50Ms,
    "p95 ms": summary.p95Ms,
    "p99 ms": summary.p99Ms,
    "max ms": summary.maxMs,
    "server peak RSS MiB": serverRss.peakProcessHwmMiB,
  },
];
printTable(`Live kanban: API response → card in its new column, ${MOVES} moves`, rows);
const checks = [
  atMost("live kanban p95 ≤ 1 s", summary.p95Ms, 1000, "ms"),
  atMost("server RSS ≤ 512 MiB", serverRss.peakProcessHwmMiB, 512, "MiB"),
];
printTable("Targets", targetRows(checks));
console.log(
  `\nMarkdown for docs/performance.md:\n\n${markdownTable(rows)}\n\n${markdownTable(targetRows(checks))}`,
);
writeResult(args.name, {
  command: `npm run bench:kanban -- ${process.argv.slice(2).join(" ")}`.trim(),
  machine,
  settings: { moves: MOVES, pauseMs: PAUSE_MS, warmUpMoves: WARM_UP_MOVES },
  latency: summary,
  latenciesMs: latencies,
  server: serverRss,
  loadBefore,
  loadAfter,
  targets: checks,
});
process.exit(0);

/**
 * Moves the job to the other column through the API and resolves with the time from the API response
 * to the card's arrival in that column, as the page saw it.
 */
async function moveAndWait(page: Page, baseUrl: string, jobId: string, move: number): Promise<number> {
  const target = move % 2 === 0 ? "APPRAISED" : "ARRIVED";
  await page.evaluate(
    ({ selector }) => {
      const state = window as unknown as { benchCardArrived?: Promise<number> };
      state.benchCardArrived = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
    },
    { selector: `section[data-stage="${target}"] [data-card-id="${jobId}"]` },
  );
  const response = await fetch(`${baseUrl}/v1/operations/prep-jobs/${jobId}/move`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-service-api-key": env().DEMO_OPS_API_KEY },
    body: JSON.stringify({ stage: target }),
  });
  await response.arrayBuffer();
  const respondedAt = Date.now();
  if (response.status !== 200) throw new Error(`move ${move} to ${target}: HTTP ${response.status}`);
  const arrivedAt = await page.evaluate(
    (timeoutMs) =>
      Promise.race([
        (window as unknown as { benchCardArrived: Promise<number> }).benchCardArrived,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("the card did not move")), timeoutMs),
        ),
      ]),
    CARD_TIMEOUT_MS,
  );
  return arrivedAt - respondedAt;
}
