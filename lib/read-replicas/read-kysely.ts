// Where a read goes: readKysely() beside kysely(). A request's reads go to a replica in use when the
// request identified its caller (an API key, a staff user), is not itself a write, and a replica has
// replayed the caller's last write (read-fences.ts); otherwise to the primary. Outside a request (the
// worker, scripts), and with no DATABASE_REPLICA_URLS, every read is the primary's.
import { AsyncLocalStorage } from "node:async_hooks";
import { kysely, type Kdb } from "@/lib/db";
import { logger } from "@/lib/logger";
import { fenceOf, recordFence } from "@/lib/read-replicas/read-fences";
import { replicaSet } from "@/lib/read-replicas/replica-set";
import { currentRequestHeaders } from "@/lib/request-context/current-request";

/** Who is reading, and whether the request writes (then every read of it goes to the primary). */
export type Reader = { caller: string; writes: boolean };

type ReaderState = Reader & { fence?: Promise<bigint> };

/** Why a read went where it went, counted for the metrics (lib/metrics/register-metrics.ts). */
export type ReadRoute = "replica" | "primary_no_replica_in_use" | "primary_read_your_writes";

const globalForReaders = globalThis as unknown as {
  vmsReaders?: AsyncLocalStorage<ReaderState>;
  vmsNextRequestReaders?: WeakMap<object, ReaderState>;
  vmsReadRoutes?: Record<ReadRoute, number>;
};
const readers = (globalForReaders.vmsReaders ??= new AsyncLocalStorage<ReaderState>());
// Pages and server actions have no wrapper to run in: their reader hangs on Next's request (its headers
// object is the same for the whole of one request's work).
const nextRequestReaders = (globalForReaders.vmsNextRequestReaders ??= new WeakMap());
const routes = (globalForReaders.vmsReadRoutes ??= {
  replica: 0,
  primary_no_replica_in_use: 0,
  primary_read_your_writes: 0,
});

/** Reads routed since the process started, by where they went and why. */
export function readRouteCounts(): Readonly<Record<ReadRoute, number>> {
  return routes;
}

/**
 * Runs a request's work as `reader` (withApi, withStaffSession); when the request writes, its caller's
 * fence is recorded once the work is done, before the response leaves.
 */
export async function runAsReader<T>(reader: Reader, work: () => Promise<T>): Promise<T> {
  try {
    return await readers.run({ ...reader }, work);
  } finally {
    if (reader.writes) await recordWriteFenceOf(reader);
  }
}

/**
 * Names the caller of the Next request being served (pages and server actions, from requireStaff). A
 * server action (its POST carries Next-Action) is a write: its reads, and the page it renders, go to
 * the primary.
 */
export function identifyReader(caller: string): void {
  if (readers.getStore()) return;
  const headers = currentRequestHeaders();
  if (!headers || nextRequestReaders.has(headers)) return;
  nextRequestReaders.set(headers, { caller, writes: headers.get("next-action") !== null });
}

/** For server actions: records the caller's fence after its write (runAction does). */
export async function recordWriteFence(): Promise<void> {
  const reader = currentReader();
  if (reader?.writes) await recordWriteFenceOf(reader);
}

async function recordWriteFenceOf(reader: Reader): Promise<void> {
  if (!replicaSet()) return;
  // The write has committed; without its fence the caller may read from a replica that lacks it, so
  // say so, but do not fail a request whose write succeeded.
  await recordFence(reader.caller).catch((error: Error) =>
    logger.warn("read-your-writes fence not recorded", { caller: reader.caller, error: error.message }),
  );
}

function currentReader(): ReaderState | undefined {
  const own = readers.getStore();
  if (own) return own;
  const headers = currentRequestHeaders();
  return headers ? nextRequestReaders.get(headers) : undefined;
}

/**
 * The Kysely for a read-only query: a replica's when this request may read from one, else the
 * primary's. Not for reads that lead to a write (take kysely() or the transaction there), nor for
 * transactions.
 */
export async function readKysely(): Promise<Kdb> {
  // The reader first: a process that serves no reader (the worker) never starts the replica checks.
  const reader = currentReader();
  if (!reader || reader.writes) return kysely();
  const replicas = replicaSet();
  if (!replicas) return kysely();
  const inUse = replicas.inUse();
  if (inUse.length === 0) {
    routes.primary_no_replica_in_use += 1;
    return kysely();
  }
  reader.fence ??= fenceOf(reader.caller);
  const fence = await reader.fence;
  const caughtUp = inUse.find((replica) => replica.replayLsn >= fence);
  if (!caughtUp) {
    routes.primary_read_your_writes += 1;
    return kysely();
  }
  routes.replica += 1;
  return caughtUp.kdb;
}
