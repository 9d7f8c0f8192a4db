// The data module: the only place that imports pg or Kysely. One pg pool per process, and Kysely on it
// for every query and write (typed from the schema by prisma-kysely; see docs/data-layer.md). Prisma
// keeps the schema, the migrations and the seed (prisma/).
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type RawBuilder,
  type Transaction,
} from "kysely";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import pg from "pg";
import type { DB } from "@/lib/generated/kysely/types";
import { env, requireDatabaseUrl } from "@/lib/env";
import { logger } from "@/lib/logger";

export { sql };
export type { DB };
export type {
  Expression,
  ExpressionBuilder,
  Insertable,
  NotNull,
  RawBuilder,
  Selectable,
  SqlBool,
  Transaction,
  Updateable,
} from "kysely";

/** Fail fast when the database is unreachable, rather than holding requests until a proxy times out. */
const CONNECT_TIMEOUT_MS = 3_000;
const QUERY_TIMEOUT_MS = 20_000;

// timestamp(3) columns hold UTC wall-clock time (as Prisma's seed writes them). pg would read and write
// them in the process's local time zone; these keep Kysely's values UTC whatever TZ says.
pg.defaults.parseInputDatesAsUTC = true;
const TIMESTAMP_OID = 1114;
const DATE_OID = 1082;
const parseUtcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const parseUtcDate = (text: string) => new Date(`${text}T00:00:00Z`);
const utcTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (format !== "binary" && oid === TIMESTAMP_OID) return parseUtcTimestamp;
    if (format !== "binary" && oid === DATE_OID) return parseUtcDate;
    return pg.types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig["getTypeParser"],
};

/**
 * A Kysely over a pool of its own. `connectTimeoutMs` bounds the wait for a pooled connection as well as
 * for a new one (a full pool answers "busy" after it: lib/http/to-app-error.ts).
 */
export function createKysely(
  connectionString: string,
  poolSize = 10,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
): Kysely<DB> {
  const pool = createPool(connectionString, poolSize, connectTimeoutMs);
  const kdb = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return Object.defineProperty(kdb, POOL, { value: pool, enumerable: false });
}

function createPool(connectionString: string, poolSize: number, connectTimeoutMs: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
    types: utcTypes,
    // TimeZone: CURRENT_TIMESTAMP defaults and timestamptz text then agree with the UTC columns.
    // jit: PostgreSQL compiles a plan whose estimated cost passes jit_above_cost, which took 330 ms of
    // the board's "no carrier" count at 1 M requests (91 ms without); none of our statements runs long
    // enough to win it back (docs/performance-scale.md).
    options: "-c TimeZone=UTC -c jit=off",
  });
  // An idle connection that dies (database restarted, network cut) is dropped by the pool; the next
  // query opens a new one. Without a listener the error would end the process.
  pool.on("error", (error) => logger.warn("idle database connection lost", { error }));
  // A connection can also die while checked out between two queries (Kysely adds no listener then);
  // the query in flight or the next one fails with the error, which is what the caller should see.
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn("database connection lost", { error }));
    if (sessionNiceness !== undefined && onThisMachine(connectionString)) {
      void niceBackend(client, sessionNiceness);
    }
  });
  return pool;
}

/** Set by the worker (lib/worker/main.ts): the niceness its own database sessions run at. */
let sessionNiceness: number | undefined;

/**
 * The worker's process is niced, so that a page is never queued behind its passes; its SQL runs in
 * PostgreSQL's backends, though, which are not. When PostgreSQL runs on this machine (the embedded one,
 * or a local server) and the OS lets this process, each backend this process's pools open is niced the
 * same. Otherwise (another machine, another user's processes) nothing changes.
 */
export function niceDatabaseSessions(niceness: number): void {
  sessionNiceness = niceness;
}

function onThisMachine(connectionString: string): boolean {
  const host = new URL(connectionString).searchParams.get("host") ?? new URL(connectionString).hostname;
  return ["", "localhost", "127.0.0.1", "[::1]", "::1"].includes(host) || host.startsWith("/");
}

/**
 * Queued on the new connection before any caller's query. The pid is checked to be a PostgreSQL
 * process first: a local port can forward to a server in a container, whose pids are not ours.
 * Each backend leads a session of its own, so with Linux's autogroup scheduling (the default on
 * desktops and most servers) its process niceness counts only against itself: the niceness of its
 * autogroup, which holds that backend alone, is what weighs against the web's processes.
 */
async function niceBackend(client: pg.PoolClient, niceness: number): Promise<void> {
  try {
    const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
    const pid = rows[0]?.pid;
    if (!pid || !readFileSync(`/proc/${pid}/cmdline`, "utf8").startsWith("postgres")) return;
    setPriority(pid, niceness);
    if (existsSync(`/proc/${pid}/autogroup`)) writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // No /proc (not Linux), not our process, or not permitted: the session keeps its priority.
  }
}

/** Where a Kysely keeps its pool: a global symbol, as the build may load this module more than once. */
const POOL = Symbol.for("vms.database.pool");

export type PoolStats = { inUse: number; idle: number; waiting: number };

/**
 * The process-wide pool's connections (for the metrics): checked out, idle, and the queries waiting
 * for one. Zero before the process's first query (nothing is opened to read them).
 */
export function databasePoolStats(): PoolStats {
  const pool = (globalForDb.vmsKysely as (Kysely<DB> & { [POOL]?: pg.Pool }) | undefined)?.[POOL];
  if (!pool) return { inUse: 0, idle: 0, waiting: 0 };
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

const globalForDb = globalThis as unknown as { vmsKysely?: Kysely<DB> };

/** The process-wide Kysely (kept on globalThis so that hot reload does not open new pools). */
export function kysely(): Kysely<DB> {
  globalForDb.vmsKysely ??= createKysely(requireDatabaseUrl(), env().DATABASE_POOL_SIZE);
  return globalForDb.vmsKysely;
}

/** Ends the process-wide pool; the next kysely() opens a new one (tests that change DATABASE_URL). */
export async function closeDatabase(): Promise<void> {
  const current = globalForDb.vmsKysely;
  globalForDb.vmsKysely = undefined;
  await current?.destroy();
}

/** A replica that does not answer within this is skipped at once: its reads go to the primary. */
const REPLICA_CONNECT_TIMEOUT_MS = 1_000;

/** What a replica's periodic check reads (lib/read-replicas/replica-set.ts). */
export type ReplicaProbe = { inRecovery: boolean; replayLsn: string | null };

export type ReplicaKysely = {
  /** Reads on the replica; on the primary when the replica cannot be reached or dies mid-query. */
  kdb: Kysely<DB>;
  /** The replica's own state, read on the replica itself (never falls back). */
  probe: () => Promise<ReplicaProbe>;
  close: () => Promise<void>;
};

/**
 * A Kysely for reads on a streaming replica, with the primary's pool (kysely()) behind it: a replica
 * that refuses the connection, or whose connection dies or is cancelled by recovery mid-query, gets the
 * same read run again on the primary (a read can be), and `onFailure` hears why. Errors of the query
 * itself (SQL) are the caller's, as on the primary.
 */
export function createReplicaKysely(
  connectionString: string,
  poolSize: number,
  onFailure: (error: Error) => void,
): ReplicaKysely {
  const pool = createPool(connectionString, poolSize, REPLICA_CONNECT_TIMEOUT_MS);
  const driver = new ReplicaFallbackDriver(
    new PostgresDriver({ pool }),
    new PostgresDriver({ pool: () => Promise.resolve(poolOf(kysely())) }),
    onFailure,
  );
  const kdb = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    kdb,
    probe: async () => {
      const { rows } = await pool.query<ReplicaProbe>(
        `select pg_is_in_recovery() as "inRecovery", pg_last_wal_replay_lsn()::text as "replayLsn"`,
      );
      return rows[0] as ReplicaProbe;
    },
    close: () => kdb.destroy(),
  };
}

function poolOf(kdb: Kysely<DB>): pg.Pool {
  return (kdb as Kysely<DB> & { [POOL]: pg.Pool })[POOL];
}

/**
 * Whether a replica's error means "read this elsewhere": no answer from PostgreSQL at all (refused,
 * reset, timed out), a connection or shutdown error, too many connections, or a query cancelled by a
 * conflict with recovery (40001, 40P01 on a standby).
 */
function isReplicaUnavailable(error: unknown): boolean {
  if (!(error instanceof pg.DatabaseError)) return true;
  return /^(08...|57P0[123]|53300|40001|40P01)$/.test(error.code ?? "");
}

class ReplicaFallbackDriver implements Driver {
  constructor(
    private readonly replica: Driver,
    private readonly primary: Driver,
    private readonly onFailure: (error: Error) => void,
  ) {}

  async init(): Promise<void> {
    await this.replica.init();
    await this.primary.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    try {
      return new FallbackConnection(await this.replica.acquireConnection(), this.primary, this.onFailure);
    } catch (error) {
      if (!isReplicaUnavailable(error)) throw error;
      this.onFailure(error as Error);
      return new FallbackConnection(undefined, this.primary, this.onFailure);
    }
  }

  // A transaction is a write's, or needs one server throughout: neither is this Kysely's.
  async beginTransaction(): Promise<void> {
    throw new Error("readKysely() runs single reads; a transaction takes transaction() on the primary");
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { replicaConnection } = connection as FallbackConnection;
    if (replicaConnection) await this.replica.releaseConnection(replicaConnection);
  }

  /** Ends the replica's pool only: the primary's belongs to kysely(). */
  async destroy(): Promise<void> {
    await this.replica.destroy();
  }
}

/** A replica connection, or none (the replica was down): each query then borrows a primary connection. */
class FallbackConnection implements DatabaseConnection {
  constructor(
    readonly replicaConnection: DatabaseConnection | undefined,
    private readonly primary: Driver,
    private readonly onFailure: (error: Error) => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.replicaConnection) {
      try {
        return await this.replicaConnection.executeQuery<R>(query);
      } catch (error) {
        if (!isReplicaUnavailable(error)) throw error;
        this.onFailure(error as Error);
      }
    }
    const connection = await this.primary.acquireConnection();
    try {
      return await connection.executeQuery<R>(query);
    } finally {
      await this.primary.releaseConnection(connection);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.replicaConnection) {
      yield* this.replicaConnection.streamQuery<R>(query, chunkSize);
      return;
    }
    const connection = await this.primary.acquireConnection();
    try {
      yield* connection.streamQuery<R>(query, chunkSize);
    } finally {
      await this.primary.releaseConnection(connection);
    }
  }
}

/** Runs `work` in one Kysely transaction: committed when it resolves, rolled back when it throws. */
export function transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return kysely().transaction().execute(work);
}

/** Kysely or a Kysely transaction: what a query function takes so that it can join a caller's transaction. */
export type Kdb = Kysely<DB>;

/**
 * An instant as a typed timestamp(3) value, for where PostgreSQL cannot infer a parameter's type (a CASE
 * whose other branches are NULL or parameters too). Those columns hold UTC wall-clock time, as Prisma
 * writes them; the ISO text (its "Z" dropped by the cast) keeps it so whatever the session's or the
 * process's time zone.
 */
export function sqlTimestamp(instant: Date): RawBuilder<Date> {
  return sql<Date>`${instant.toISOString()}::timestamp(3)`;
}

/**
 * LISTENs on `channel` on a connection of its own (a pooled one would be handed to other queries) and
 * reconnects with backoff; `onPayload` gets each notification's payload. Returns a function that closes
 * the connection. NOTIFY is sent by the writing transaction (see lib/events/record-event.ts).
 */
export function listenForNotifications(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
): () => Promise<void> {
  // LISTEN takes an identifier, not a parameter.
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;
  const connect = async () => {
    if (closed) return;
    const connection = new pg.Client({ connectionString });
    client = connection;
    connection.on("notification", (message) => {
      if (message.payload) onPayload(message.payload);
    });
    connection.on("error", (error) => {
      void connection.end().catch(() => undefined);
      if (closed) return;
      logger.warn("event notifications connection lost", { channel, error: error.message });
      setTimeout(() => void connect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 30_000);
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${channel}`);
      retryMs = 500;
    } catch (error) {
      connection.emit("error", error as Error);
    }
  };
  void connect();
  return async () => {
    closed = true;
    await client?.end().catch(() => undefined);
  };
}
