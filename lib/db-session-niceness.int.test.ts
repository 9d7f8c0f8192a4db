// The worker's database sessions run at its niceness when PostgreSQL is on this machine (lib/db.ts).
import { existsSync, readFileSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { afterAll, expect, it } from "vitest";
import { createKysely, niceDatabaseSessions, sql } from "@/lib/db";
import { TEST_SERVER_URL } from "@/test/test-database-url";

const WORKER_NICENESS = 10;
const kdb = createKysely(TEST_SERVER_URL, 2);

afterAll(async () => {
  await kdb.destroy();
});

/** Whether this process may change a PostgreSQL backend's priority (root, or PostgreSQL's own user). */
async function mayRenice(): Promise<boolean> {
  const probe = createKysely(TEST_SERVER_URL, 1);
  const pid = await backendPid(probe);
  try {
    setPriority(pid, getPriority(pid));
    return true;
  } catch {
    return false;
  } finally {
    await probe.destroy();
  }
}

async function backendPid(db: ReturnType<typeof createKysely>): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
  return rows[0]!.pid;
}

it.skipIf(process.platform !== "linux")(
  "a pool opened after niceDatabaseSessions nices each of its backends on this machine",
  async (context) => {
    // Not root, nor PostgreSQL's own user: nothing to show (the sessions keep their priority).
    if (!(await mayRenice())) context.skip();
    niceDatabaseSessions(WORKER_NICENESS);
    const pids = await Promise.all([backendPid(kdb), backendPid(kdb)]);
    for (const pid of pids) {
      await expect.poll(() => getPriority(pid)).toBe(WORKER_NICENESS);
      // Under autogroup scheduling, the backend's own group (it leads a session of its own).
      if (existsSync(`/proc/${pid}/autogroup`)) {
        expect(readFileSync(`/proc/${pid}/autogroup`, "utf8")).toMatch(
          new RegExp(` nice ${WORKER_NICENESS}$`, "m"),
        );
      }
    }
  },
);
