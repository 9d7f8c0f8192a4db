// The data module: the only place that imports pg, Prisma's client or Kysely. One pg pool per process,
// shared by Prisma (schema-level reads and writes where speed does not matter) and Kysely (every SQL
// statement written by hand, typed from the schema by prisma-kysely; see docs/data-layer.md).
import { PrismaPg } from "@prisma/adapter-pg";
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SelectQueryNode,
  RawNode,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type RawBuilder,
  type Transaction,
} from "kysely";
import pg from "pg";
import type { DB } from "@/lib/generated/kysely/types";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
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

// timestamp(3) columns hold UTC wall-clock time (as Prisma writes them). pg would read and write them in
// the process's local time zone; these keep Kysely's values UTC whatever TZ says. Prisma converts its own
// values before pg sees them, so neither setting changes what Prisma does.
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

/** The two clients over one pool. Prisma's $disconnect() ends the pool, and with it Kysely. */
export type Database = { prisma: PrismaClient; kysely: Kysely<DB> };

export function createDatabase(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
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
  });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return Object.defineProperty({ prisma, kysely }, POOL, { value: pool, enumerable: false });
}

/** Where a Database keeps its pool: a global symbol, as the build may load this module more than once. */
const POOL = Symbol.for("vms.database.pool");

export type PoolStats = { inUse: number; idle: number; waiting: number };

/**
 * The process-wide pool's connections (for the metrics): checked out, idle, and the queries waiting
 * for one. Zero before the process's first query (nothing is opened to read them).
 */
export function databasePoolStats(): PoolStats {
  const pool = (globalForDb.vmsDatabase as (Database & { [POOL]?: pg.Pool }) | undefined)?.[POOL];
  if (!pool) return { inUse: 0, idle: 0, waiting: 0 };
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export function createPrismaClient(connectionString: string, poolSize = 10): PrismaClient {
  return createDatabase(connectionString, poolSize).prisma;
}

const globalForDb = globalThis as unknown as { vmsDatabase?: Database };

/** The process-wide clients (kept on globalThis so that hot reload does not open new pools). */
function database(): Database {
  globalForDb.vmsDatabase ??= createDatabase(requireDatabaseUrl(), env().DATABASE_POOL_SIZE);
  return globalForDb.vmsDatabase;
}

/** The process-wide Prisma client. */
export function db(): PrismaClient {
  return database().prisma;
}

/** The process-wide Kysely instance: for every statement written by hand. */
export function kysely(): Kysely<DB> {
  return database().kysely;
}

/** Runs `work` in one Kysely transaction: committed when it resolves, rolled back when it throws. */
export function transaction<T>(work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return kysely().transaction().execute(work);
}

export type Db = PrismaClient;
/** SQL NULL for a Json column written through Prisma (which refuses a plain null there). */
export const DbNull = Prisma.DbNull;
/** Prisma's interactive transaction client. */
export type PrismaTransaction = Prisma.TransactionClient;
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

/**
 * Kysely inside a transaction that Prisma opened: typed SQL whose statements join that transaction (they
 * run through Prisma's raw-query pipeline). For the paths whose other writes still use Prisma's ORM; a
 * path written wholly in Kysely uses transaction() instead and skips that pipeline.
 */
export function kyselyIn(tx: Prisma.TransactionClient): Kysely<DB> {
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new PrismaTransactionDriver(tx),
      createIntrospector: (kdb) => new PostgresIntrospector(kdb),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** What a query function takes: Kysely, a Kysely transaction, or a transaction Prisma opened. */
export type Queryable = Kdb | Prisma.TransactionClient;

/** The Kysely to run a query function's statements on, in the caller's transaction if there is one. */
export function asKysely(client: Queryable): Kdb {
  // Told apart by shape, not instanceof: the build bundles Kysely into several chunks, and the shared
  // client (on globalThis) may come from another chunk's copy of the class.
  return "$queryRawUnsafe" in client ? kyselyIn(client) : client;
}

class PrismaTransactionDriver implements Driver {
  readonly #connection: DatabaseConnection;

  constructor(tx: Prisma.TransactionClient) {
    this.#connection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const parameters = [...query.parameters];
        const node = query.query as { kind: string; returning?: unknown };
        if (SelectQueryNode.is(query.query) || RawNode.is(query.query) || node.returning) {
          const rows = await tx.$queryRawUnsafe<Record<string, unknown>[]>(query.sql, ...parameters);
          return { rows: rows.map(withBigIntsAsText) as R[] };
        }
        const affected = await tx.$executeRawUnsafe(query.sql, ...parameters);
        return { rows: [], numAffectedRows: BigInt(affected) };
      },
      streamQuery() {
        throw new Error("Streaming is not available inside a Prisma transaction");
      },
    };
  }

  async init() {}
  async acquireConnection() {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error("Already inside a Prisma transaction");
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {}
}

/** pg reads int8 as text, which is what the generated types say; Prisma's raw queries give bigints. */
function withBigIntsAsText(row: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) if (typeof value === "bigint") row[key] = String(value);
  return row;
}
