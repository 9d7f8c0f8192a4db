// Reads on a real streaming replica (test/replica-pair.ts): where readKysely() sends a request's reads
// while the replica keeps up, while its replay is paused, once it is killed, and once it is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, kysely, sql, type Kdb } from "@/lib/db";
import { readKysely, readRouteCounts, runAsReader } from "@/lib/read-replicas/read-kysely";
import { closeReplicaSet, replicaSet } from "@/lib/read-replicas/replica-set";
import { GET as listEvents } from "@/app/v1/movement-requests/events/route";
import { createPrismaClient } from "@/prisma/client";
import { callRoute } from "@/test/call-route";
import { replicaBinaries, startReplicaPair, type ReplicaPair } from "@/test/replica-pair";
import { createTenant } from "@/test/tenant";

const bin = replicaBinaries();
const MAX_LAG_MS = 1_000;
const CHECK_MS = 100;

if (!bin)
  console.warn(
    "Read-replica tests skipped: no PostgreSQL binaries with pg_basebackup in /usr/lib/postgresql.",
  );

describe.skipIf(!bin)("reads with a streaming replica", () => {
  let pair: ReplicaPair;
  let apiKey: string;

  beforeAll(async () => {
    pair = await startReplicaPair(bin!);
    // lib/env reads these on first use; nothing in this file has touched the database yet.
    Object.assign(process.env, {
      DATABASE_URL: pair.primaryUrl,
      DATABASE_REPLICA_URLS: pair.replicaUrl,
      REPLICA_MAX_LAG: `${MAX_LAG_MS}ms`,
      REPLICA_CHECK_MS: String(CHECK_MS),
    });
    await sql`create table replica_probe (id text primary key)`.execute(kysely());
    const prisma = createPrismaClient(pair.primaryUrl);
    apiKey = (await createTenant(prisma)).integrationKey;
    await prisma.$disconnect();
    await waitFor(() => replicaSet()!.replicas[0]!.skipped === undefined);
  }, 120_000);

  afterAll(async () => {
    await closeReplicaSet();
    await closeDatabase();
    pair?.stop();
  });

  /** A request's read as `caller`: which server answered, and whether it saw the row `id`. */
  const read = (caller: string, id: string) =>
    runAsReader({ caller, writes: false }, async () => {
      const db: Kdb = await readKysely();
      const { rows } = await sql<{ onReplica: boolean; seen: boolean }>`
        select pg_is_in_recovery() as "onReplica",
          exists (select 1 from replica_probe where id = ${id}) as seen`.execute(db);
      return rows[0]!;
    });

  /** GET /v1/movement-requests/events, the events replay, through withApi. */
  const replay = () => callRoute(listEvents, { path: "/v1/movement-requests/events", apiKey });

  const write = (caller: string, id: string) =>
    runAsReader({ caller, writes: true }, async () => {
      await sql`insert into replica_probe (id) values (${id})`.execute(kysely());
      // A read inside a write goes to the primary.
      return (
        await sql<{ onReplica: boolean }>`select pg_is_in_recovery() as "onReplica"`.execute(
          await readKysely(),
        )
      ).rows[0]!;
    });

  it("reads from the replica while it keeps up; a write and the reads inside it go to the primary", async () => {
    expect(await read("api-key:reader", "none")).toEqual({ onReplica: true, seen: false });
    expect(await write("api-key:writer", "first")).toEqual({ onReplica: false });
    // The writer sees its write at once, from wherever it reads.
    expect((await read("api-key:writer", "first")).seen).toBe(true);
    const fence = await kysely()
      .selectFrom("ReadFence")
      .selectAll()
      .where("caller", "=", "api-key:writer")
      .executeTakeFirst();
    expect(fence?.lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    // Once the replica has replayed it, the writer reads from the replica again.
    await waitFor(async () => (await read("api-key:writer", "first")).onReplica);
    expect(await read("api-key:writer", "first")).toEqual({ onReplica: true, seen: true });
  });

  it("replay paused: the writer still reads its write; others fall back once the lag passes the bound", async () => {
    await pair.onReplica("select pg_wal_replay_pause()");
    try {
      await write("api-key:writer", "while-paused");
      const writerRead = await read("api-key:writer", "while-paused");
      expect(writerRead).toEqual({ onReplica: false, seen: true });
      // Another caller may read from the replica until it is REPLICA_MAX_LAG behind, then not.
      const before = readRouteCounts().primary_no_replica_in_use;
      const pausedAt = Date.now();
      await waitFor(() => replicaSet()!.replicas[0]!.skipped === "lagging");
      expect(Date.now() - pausedAt).toBeLessThan(MAX_LAG_MS + 10 * CHECK_MS);
      expect(await read("api-key:other", "while-paused")).toEqual({ onReplica: false, seen: true });
      expect(readRouteCounts().primary_no_replica_in_use).toBeGreaterThan(before);
      expect(replicaSet()!.replicas[0]!.lagSeconds).toBeGreaterThanOrEqual(MAX_LAG_MS / 1_000);
    } finally {
      await pair.onReplica("select pg_wal_replay_resume()");
    }
    await waitFor(async () => (await read("api-key:other", "while-paused")).onReplica);
    expect(await read("api-key:writer", "while-paused")).toEqual({ onReplica: true, seen: true });
  });

  it("the replica killed mid-run: every read answers, from the primary, no GET /v1 fails; back, reads return to it", async () => {
    const before = readRouteCounts().replica;
    expect((await replay()).status).toBe(200);
    expect(readRouteCounts().replica).toBeGreaterThan(before);
    expect((await read("api-key:reader", "first")).onReplica).toBe(true);

    const spread = <T>(call: () => Promise<T>) =>
      Array.from({ length: 30 }, (_, i) => new Promise((resolve) => setTimeout(resolve, i * 10)).then(call));
    const reads = spread(() => read("api-key:reader", "first"));
    const replays = spread(replay);
    pair.killReplica();
    const answers = await Promise.all(reads);
    expect(answers.every((answer) => answer.seen)).toBe(true);
    expect(answers.at(-1)!.onReplica).toBe(false);
    const statuses = (await Promise.all(replays)).map((response) => response.status);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    await waitFor(() => replicaSet()!.replicas[0]!.skipped === "down");
    expect(await read("api-key:reader", "first")).toEqual({ onReplica: false, seen: true });

    await pair.startReplica();
    await waitFor(async () => (await read("api-key:reader", "first")).onReplica, 30_000);
    expect(replicaSet()!.replicas[0]!.skipped).toBeUndefined();
    const back = readRouteCounts().replica;
    expect((await replay()).status).toBe(200);
    expect(readRouteCounts().replica).toBeGreaterThan(back);
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("Timed out waiting for the condition");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
