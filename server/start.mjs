// @ts-check
// `npm start` / `npm run dev` (`--dev`): brings the whole service up on a fresh machine. The database
// (DATABASE_URL, or else an embedded PostgreSQL), its migrations, the demo data, the production build;
// then the web processes, one per core (WEB_CONCURRENCY) on one port, and the worker process `vms-worker`
// (server/web-cluster.mjs). `--dev`: Next's development server in this process, the worker inside it.
// Plain JavaScript: it runs before anything is built. In containers run `node server/start.mjs`
// directly, since npm does not reliably pass SIGTERM on.
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import dotenv from "dotenv";
import pg from "pg";
import { startEmbeddedDatabase } from "./embedded-database.mjs";
import { runStep, stopSteps } from "./run-step.mjs";
import { serveCluster, webConcurrency } from "./web-cluster.mjs";
import { serveNext } from "./web-server.mjs";
import { areBundlesFresh, bundleServerCode } from "./bundles.mjs";

const SHUTDOWN_TIMEOUT_MS = 10_000;
const DEFAULT_EMBEDDED_DB_DIR = ".data/postgres";
/** Not 5432, so that it never meets a PostgreSQL installed on the machine. */
const DEFAULT_EMBEDDED_DB_PORT = 54329;

const dev = process.argv.includes("--dev");

// .env, .data, .next and prisma/ are relative to the project root, wherever this was started from.
process.chdir(fileURLToPath(new URL("..", import.meta.url)));
// No telemetry or update checks, here and in every child.
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.CHECKPOINT_DISABLE = "1";
// @ts-expect-error -- Next's types make NODE_ENV read-only; Next and React pick their build from it.
process.env.NODE_ENV ??= dev ? "development" : "production";

/** What is up, closed in reverse order on shutdown. @type {Array<() => Promise<void>>} */
const closers = [];
let shuttingDown = false;

process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);

main().catch(async (error) => {
  if (shuttingDown) return; // a step interrupted by the shutdown, which exits by itself
  console.error(`\n✖ ${error instanceof Error ? error.message : error}\n  The service was not started.`);
  await closeAll();
  process.exit(1);
});

async function main() {
  dotenv.config({ quiet: true }); // .env, if there is one; real environment variables win
  // next-auth reads AUTH_URL itself: the public origin, when only APP_URL names it (lib/env.ts).
  if (process.env.APP_URL) process.env.AUTH_URL ||= process.env.APP_URL;
  const database = await connectDatabase();

  if (await hasPendingMigrations()) {
    await runStep("Applying database migrations", "npx", npx("prisma", "migrate", "deploy"));
  } else {
    console.log("Database migrations: all applied.");
  }
  if (process.env.SEED_DEMO_DATA === "false") {
    // A production database starts empty: no demo users, no demo API keys (docs/operations.md).
    console.log("Demo data: not added (SEED_DEMO_DATA=false).");
  } else {
    // react-server: the seed imports modules marked server-only.
    const seed = npx("tsx", "--conditions=react-server", "prisma/seed.ts", "--if-empty");
    await runStep("Adding demo data if the database is empty", "npx", seed);
  }
  if (!dev && !isBuildFresh()) {
    await runStep("Building the app (no build yet, or the sources changed)", "npx", npx("next", "build"));
  }
  if (!dev && !areBundlesFresh()) {
    console.log("\n> Bundling the worker and the API lane (server/bundles.mjs)");
    await bundleServerCode();
  }

  const port = Number(process.env.PORT || 3000);
  const servedBy = await serve(port);
  console.log(
    `\nVehicle Movement Service ready on http://localhost:${port} (${servedBy}, database: ${database})`,
  );
}

/**
 * Whether the production build is newer than every source it was built from, so that `npm start`
 * after a `git pull` does not serve yesterday's code.
 */
function isBuildFresh() {
  if (!existsSync(".next/BUILD_ID")) return false;
  const builtAt = statSync(".next/BUILD_ID").mtimeMs;
  const sources = [
    "app",
    "components",
    "lib",
    "public",
    "prisma/schema.prisma",
    "instrumentation.ts",
    "instrumentation-client.ts",
    "proxy.ts",
  ];
  const configs = ["next.config.ts", "package-lock.json", "postcss.config.mjs", "tsconfig.json"];
  return ![...sources, ...configs].some((entry) => newestModification(entry) > builtAt);
}

/** @param {string} entry a file or folder @returns {number} newest mtime below it (0 if absent) */
function newestModification(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  if (entry.endsWith("generated")) return 0; // written by `prisma generate` at install, not a source
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestModification(`${entry}/${name}`)),
    0,
  );
}

/**
 * Whether prisma/migrations holds a migration that the database has not applied. `prisma migrate
 * deploy` takes over 10 s even with nothing to do (its WASM engine leaves a 10 s timer behind, and
 * the migrate adapter's pool its idle connections), so it runs only when there is something to do.
 */
async function hasPendingMigrations() {
  const migrations = readdirSync("prisma/migrations", { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  try {
    await client.connect();
    const { rows } = await client.query(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    const applied = new Set(rows.map((row) => row.migration_name));
    return migrations.some((name) => !applied.has(name));
  } catch {
    return true; // a new database, or one we cannot reach: Prisma applies, or says what is wrong
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Arguments for npx running a tool of this project: `--no` never downloads a missing one, and `--`
 * keeps npm from taking the tool's own flags (like --conditions) for its own.
 * @param {string[]} command
 */
function npx(...command) {
  return ["--no", "--", ...command];
}

/**
 * Uses DATABASE_URL, or starts the embedded database and points DATABASE_URL at it for everything
 * started after (migrate, seed, Next, the worker).
 * @returns {Promise<string>} the database, as the ready line names it
 */
async function connectDatabase() {
  if (process.env.DATABASE_URL) {
    for (const name of ["ENCRYPTION_KEY", "AUTH_SECRET"]) {
      if (process.env.NODE_ENV === "production" && !process.env[name]) {
        throw new Error(`${name} is not set (32 random bytes, base64: openssl rand -base64 32).`);
      }
    }
    return "external";
  }
  const dataDir = process.env.EMBEDDED_DB_DIR || DEFAULT_EMBEDDED_DB_DIR;
  process.env.ENCRYPTION_KEY ||= localSecret(`${dataDir}.key`, "encryption key for webhook secrets");
  process.env.AUTH_SECRET ||= localSecret(`${dataDir}.auth-secret`, "secret for staff sessions");
  console.log(`Starting the embedded PostgreSQL (data in ${dataDir})…`);
  const embedded = await startEmbeddedDatabase({
    dataDir,
    port: Number(process.env.EMBEDDED_DB_PORT || DEFAULT_EMBEDDED_DB_PORT),
    log: console.log,
  });
  closers.push(embedded.stop);
  process.env.DATABASE_URL = embedded.url;
  console.log(`Embedded PostgreSQL listening at ${redacted(embedded.url)} (password in ${dataDir}.password)`);
  return `embedded at ${dataDir}`;
}

/** @param {string} url @returns {string} the URL without its password, for the log */
function redacted(url) {
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.toString();
}

/**
 * A secret of the embedded database's own (the webhook secrets' encryption key, the session secret),
 * made once and kept beside its data, so that a machine running the product on its own needs no
 * setting. A deployment on PostgreSQL sets ENCRYPTION_KEY and AUTH_SECRET itself, the same on every
 * instance.
 * @param {string} file
 * @param {string} what
 */
function localSecret(file, what) {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  console.log(`Made a local ${what}: ${file}`);
  return secret;
}

/**
 * Serves the app on PORT: the development server in this process (--dev; it runs the worker inside,
 * lib/worker/start-in-process.ts), or one web process per core sharing the port and the worker process
 * (server/web-cluster.mjs).
 * @param {number} port
 * @returns {Promise<string>} what serves, as the ready line names it
 */
async function serve(port) {
  if (dev) {
    const web = await serveNext({ dev, port, hostname: process.env.HOSTNAME || "0.0.0.0" });
    closers.push(web.close);
    return "development server";
  }
  const processes = webConcurrency(availableParallelism());
  // RUN_WORKER_IN_PROCESS=false: this instance runs no worker (workers run on their own, `npm run worker`).
  const worker = !["false", "0"].includes(process.env.RUN_WORKER_IN_PROCESS ?? "");
  const web = await serveCluster({ processes, port, worker });
  closers.push(web.close);
  return `${processes} web process${processes === 1 ? "" : "es"}${worker ? " and the worker" : ", no worker"}`;
}

/**
 * First signal: a graceful stop (a running step gets the signal; then the web processes drain and the
 * worker releases what it holds, side by side, and they exit; then the embedded database stops). A
 * second signal exits at once.
 * @param {NodeJS.Signals} signal
 */
async function shutdown(signal) {
  if (shuttingDown) {
    console.error(`${signal} again: exiting now.`);
    process.exit(1);
  }
  shuttingDown = true;
  console.log(`\n${signal}: shutting down…`);
  setTimeout(() => {
    console.error(
      `Shutdown forced: still shutting down after ${SHUTDOWN_TIMEOUT_MS / 1000} s, exiting with code 1.`,
    );
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  await stopSteps(signal);
  await closeAll();
  process.exit(0);
}

async function closeAll() {
  for (const close of closers.splice(0).reverse()) {
    await close().catch((error) => console.error("Error while shutting down:", error));
  }
}
