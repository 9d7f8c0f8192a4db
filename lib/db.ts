// The Prisma client: one per process, over the pg driver adapter (no query-engine binary).
import { PrismaPg } from "@prisma/adapter-pg";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { env, requireDatabaseUrl } from "@/lib/env";

/** Fail fast when the database is unreachable, rather than holding requests until a proxy times out. */
const CONNECT_TIMEOUT_MS = 3_000;
const QUERY_TIMEOUT_MS = 20_000;

export function createPrismaClient(connectionString: string, poolSize = 10): PrismaClient {
  const adapter = new PrismaPg({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { vmsPrisma?: PrismaClient };

/** The process-wide client (kept on globalThis so that hot reload does not open new pools). */
export function db(): PrismaClient {
  globalForPrisma.vmsPrisma ??= createPrismaClient(requireDatabaseUrl(), env().DATABASE_POOL_SIZE);
  return globalForPrisma.vmsPrisma;
}

export type Db = PrismaClient;

/**
 * An instant as a raw-SQL value for a timestamp(3) column. Those columns hold UTC wall-clock time, as
 * Prisma writes them; the ISO text (its "Z" dropped by the cast) keeps it so whatever the session's or the
 * process's time zone.
 */
export function sqlTimestamp(instant: Date): Prisma.Sql {
  return Prisma.sql`${instant.toISOString()}::timestamp(3)`;
}
