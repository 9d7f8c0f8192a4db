// The replicas named by DATABASE_REPLICA_URLS and how far behind each is, measured by one periodic check
// per process (REPLICA_CHECK_MS), never per request. Each check samples the primary's WAL position
// (pg_current_wal_lsn) and each replica's replayed position (pg_last_wal_replay_lsn, pg_is_in_recovery).
// A replica is in use while it has replayed what the primary had written REPLICA_MAX_LAG ago; one that
// is further behind, down, or no longer in recovery (promoted) is skipped, with a log line, and counted.
import { createReplicaKysely, kysely, sql, type Kdb, type ReplicaKysely } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import { parseLsn } from "@/lib/read-replicas/lsn";
import { pruneFences } from "@/lib/read-replicas/read-fences";

export type SkipReason = "down" | "lagging" | "not_in_recovery" | "unchecked";

export type Replica = {
  /** host:port/database, for the logs and the metrics' label (never the password). */
  name: string;
  kdb: Kdb;
  /** Replayed position at the last check (only grows between checks, so reading by it is safe). */
  replayLsn: bigint;
  /** Seconds behind the primary at the last check. */
  lagSeconds: number;
  /** Why it is skipped; undefined while in use. */
  skipped: SkipReason | undefined;
};

type Sample = { at: number; lsn: bigint };

export type ReplicaSet = {
  replicas: Replica[];
  /** The replicas in use, round-robin first. */
  inUse: () => Replica[];
  /** Runs one check now (the timer runs them too). */
  check: () => Promise<void>;
  close: () => Promise<void>;
};

const globalForReplicas = globalThis as unknown as { vmsReplicaSet?: ReplicaSet | null };

/** The process's replica set, started on first use; null when DATABASE_REPLICA_URLS names none. */
export function replicaSet(): ReplicaSet | null {
  if (globalForReplicas.vmsReplicaSet === undefined) {
    const { DATABASE_REPLICA_URLS, REPLICA_MAX_LAG, REPLICA_CHECK_MS, DATABASE_POOL_SIZE } = env();
    globalForReplicas.vmsReplicaSet =
      DATABASE_REPLICA_URLS.length === 0
        ? null
        : startReplicaSet(DATABASE_REPLICA_URLS, REPLICA_MAX_LAG, REPLICA_CHECK_MS, DATABASE_POOL_SIZE);
  }
  return globalForReplicas.vmsReplicaSet;
}

/** Stops the checks and ends the replicas' pools; the next replicaSet() reads the settings again. */
export async function closeReplicaSet(): Promise<void> {
  const current = globalForReplicas.vmsReplicaSet;
  globalForReplicas.vmsReplicaSet = undefined;
  await current?.close();
}

function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}

function startReplicaSet(urls: string[], maxLagMs: number, checkMs: number, poolSize: number): ReplicaSet {
  const clients: ReplicaKysely[] = [];
  const replicas = urls.map((url): Replica => {
    const replica: Replica = {
      name: nameOf(url),
      kdb: undefined as unknown as Kdb,
      replayLsn: 0n,
      lagSeconds: 0,
      skipped: "unchecked",
    };
    // A read that found the replica gone was run on the primary; skip it until a check finds it back.
    const client = createReplicaKysely(url, poolSize, (error) => markSkipped(replica, "down", error.message));
    clients.push(client);
    replica.kdb = client.kdb;
    return replica;
  });
  // The primary's positions over the last REPLICA_MAX_LAG (and a little more), oldest first.
  const samples: Sample[] = [];
  const keepSamples = Math.ceil(maxLagMs / checkMs) + 3;
  let next = 0;
  let checking: Promise<void> | undefined;
  let checkFailing = false;

  const probe = async (replica: Replica, client: ReplicaKysely, now: number) => {
    const state = await client.probe().catch((error: Error) => error);
    if (state instanceof Error) return markSkipped(replica, "down", state.message);
    if (!state.inRecovery || !state.replayLsn) return markSkipped(replica, "not_in_recovery");
    replica.replayLsn = parseLsn(state.replayLsn);
    // Behind since the first sample the replica has not replayed.
    const firstMissed = samples.find((sample) => sample.lsn > replica.replayLsn);
    replica.lagSeconds = firstMissed ? (now - firstMissed.at) / 1_000 : 0;
    // What the primary had written REPLICA_MAX_LAG ago (or, in a young process, at its first sample).
    const bound = samples.findLast((sample) => sample.at <= now - maxLagMs) ?? samples[0];
    if (bound && replica.replayLsn < bound.lsn) return markSkipped(replica, "lagging");
    markInUse(replica);
  };

  const runCheck = async () => {
    const now = Date.now();
    const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(kysely());
    samples.push({ at: now, lsn: parseLsn(rows[0]!.lsn) });
    if (samples.length > keepSamples) samples.shift();
    await Promise.all(replicas.map((replica, i) => probe(replica, clients[i]!, now)));
    const inUse = replicas.filter((replica) => !replica.skipped);
    if (inUse.length === replicas.length) {
      await pruneFences(
        inUse.reduce((min, r) => (r.replayLsn < min ? r.replayLsn : min), inUse[0]!.replayLsn),
      );
    }
  };

  const check = (): Promise<void> => {
    // One check at a time: a slow replica must not pile them up.
    checking ??= runCheck()
      .then(() => {
        checkFailing = false;
      })
      .catch((error: Error) => {
        // The primary did not answer: said once, not at every check.
        if (!checkFailing) logger.warn("read replica check failed", { error: error.message });
        checkFailing = true;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();
  void check();

  return {
    replicas,
    inUse: () => {
      const inUse = replicas.filter((replica) => !replica.skipped);
      next = (next + 1) % Math.max(inUse.length, 1);
      return [...inUse.slice(next), ...inUse.slice(0, next)];
    },
    check,
    close: async () => {
      clearInterval(timer);
      await checking;
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}

function markSkipped(replica: Replica, reason: SkipReason, detail?: string): void {
  if (replica.skipped === reason) return;
  const wasInUse = replica.skipped === undefined;
  replica.skipped = reason;
  if (wasInUse || reason !== "unchecked") {
    logger.warn("read replica skipped: its reads go to the primary", {
      replica: replica.name,
      reason,
      lagSeconds: replica.lagSeconds,
      ...(detail ? { detail } : {}),
    });
  }
}

function markInUse(replica: Replica): void {
  if (replica.skipped === undefined) return;
  const wasUnchecked = replica.skipped === "unchecked";
  replica.skipped = undefined;
  if (!wasUnchecked)
    logger.info("read replica back in use", { replica: replica.name, lagSeconds: replica.lagSeconds });
}
