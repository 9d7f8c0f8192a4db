// @ts-check
// The embedded PostgreSQL used when DATABASE_URL is not set: PGlite (PostgreSQL compiled to WASM) with a
// persistent data folder, served on 127.0.0.1 over the PostgreSQL wire protocol, so that pg, Prisma and
// `prisma migrate deploy` use it exactly like a real server. It lives in the process that starts it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * PGlite serves one connection at a time and the socket server multiplexes clients over it; its
 * default of 1 connection would block every pool. This covers the app's and the worker's pools.
 */
const MAX_CONNECTIONS = 64;

/**
 * @typedef {object} EmbeddedDatabase
 * @property {string} url postgresql:// URL of the socket server
 * @property {() => Promise<void>} stop closes the socket server, then PGlite (which flushes its data)
 */

/**
 * @param {{ dataDir: string, port?: number }} options port 0 (the default) lets the OS pick a free one
 * @returns {Promise<EmbeddedDatabase>}
 */
export async function startEmbeddedDatabase({ dataDir, port = 0 }) {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = lockDataDir(dataDir);
  const db = await PGlite.create(dataDir).catch((error) => {
    releaseLock();
    throw error;
  });
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections: MAX_CONNECTIONS });
  try {
    await server.start();
  } catch (error) {
    await db.close(); // e.g. EMBEDDED_DB_PORT is taken
    releaseLock();
    throw error;
  }
  // getServerConn() is "host:port", with the port the OS assigned.
  const actualPort = server.getServerConn().split(":").at(-1);
  return {
    url: `postgresql://postgres@127.0.0.1:${actualPort}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
      releaseLock();
    },
  };
}

/**
 * PGlite does not lock its folder, and two processes writing it corrupt it (say `npm run dev` and
 * `npm start` side by side): refuse to start while another live process holds it.
 * @param {string} dataDir
 * @returns {() => void} releases the lock
 */
function lockDataDir(dataDir) {
  const lockFile = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  const owner = Number(readFileOrEmpty(lockFile));
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}; stop it first.`);
  }
  // A lock left by a killed process (or by an earlier process with our pid, in a container) is stale.
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** @param {string} file */
function readFileOrEmpty(file) {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return "";
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}
