// Prisma's client, for the seed and the row builders of prisma/factories only: the product reads and
// writes through Kysely (lib/db.ts). Its own pool, in UTC like the product's.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

export function createPrismaClient(connectionString: string, poolSize = 2): PrismaClient {
  const pool = new pg.Pool({ connectionString, max: poolSize, options: "-c TimeZone=UTC" });
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}
