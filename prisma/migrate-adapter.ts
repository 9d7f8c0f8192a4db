// The driver adapter used by the Prisma CLI (migrate, db pull) through prisma.config.ts; the
// application's runtime adapter is the stock one (lib/db.ts). The stock @prisma/adapter-pg 6.19.3
// breaks the WASM schema engine in four ways, each fixed here (see ../shared/stack.md):
//   1. catalog columns of types it cannot deserialise (name, "char", regproc, …) are remapped to text;
//   2. executeScript splits on ";" and breaks $$ bodies: scripts run whole, in one simple query;
//   3. a connection string makes the shadow database the main one: we pass separate fields;
//   4. it drops the shadow database before closing its pool: we close first, then drop.
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { parse as parseConnectionString } from "pg-connection-string";

const TEXT = 25;
const TEXT_ARRAY = 1009;
/** Catalog types the adapter rejects, by OID: scalars become text, their arrays text[]. */
const REMAPPED_SCALARS = new Set([18, 19, 24, 2205, 194, 22, 30]); // "char", name, regproc, regclass, pg_node_tree, int2vector, oidvector
const REMAPPED_ARRAYS = new Set([1002, 1003, 1008, 2210, 1006, 1013]);
// pg types the OID parameter as its enum of scalar OIDs; text[] is not in it, but has a parser.
const getTextParser = pg.types.getTypeParser as (oid: number, format: "text") => (value: string) => string[];
const parseTextArray = getTextParser(TEXT_ARRAY, "text");

type QueryResultLike = { fields?: { dataTypeID: number }[]; rows?: unknown[] };

function remapCatalogTypes(result: unknown): unknown {
  const { fields, rows } = (result ?? {}) as QueryResultLike;
  if (!fields || !rows) return result;
  fields.forEach((field, index) => {
    if (REMAPPED_SCALARS.has(field.dataTypeID)) field.dataTypeID = TEXT;
    if (!REMAPPED_ARRAYS.has(field.dataTypeID)) return;
    field.dataTypeID = TEXT_ARRAY;
    for (const row of rows as unknown[][]) {
      // Rows are arrays (rowMode "array"); pg left these arrays unparsed, as "{a,b}".
      if (typeof row[index] === "string") row[index] = parseTextArray(row[index]);
    }
  });
  return result;
}

class CatalogSafeClient extends pg.Client {
  // pg's query() has many overloads (promise and callback forms; pg.Pool uses the callback one).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwarding pg's overloaded signature
  override query(...args: any[]): any {
    const last: unknown = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (error: Error | null, result: unknown) =>
        (last as (e: Error | null, r: unknown) => void)(error, error ? result : remapCatalogTypes(result));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    const pending = (super.query as (...a: any[]) => unknown)(...args);
    return pending instanceof Promise ? pending.then(remapCatalogTypes) : pending;
  }
}

async function connectWithFixes(config: pg.PoolConfig): Promise<SqlDriverAdapter> {
  const pool = new pg.Pool({ ...config, Client: CatalogSafeClient });
  const adapter = await new PrismaPg(pool, { disposeExternalPool: true }).connect();
  adapter.executeScript = async (script: string) => {
    // A query without parameters uses the simple protocol, which accepts many statements at once.
    await pool.query(script);
  };
  return adapter;
}

export class MigrateAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres";
  readonly adapterName = "@prisma/adapter-pg";
  private readonly config: pg.PoolConfig;

  constructor(connectionString: string) {
    const { host, port, user, password, database } = parseConnectionString(connectionString);
    this.config = {
      host: host ?? undefined,
      port: port ? Number(port) : undefined,
      user: user ?? undefined,
      password: password ?? undefined,
      database: database ?? undefined,
    };
  }

  connect(): Promise<SqlDriverAdapter> {
    return connectWithFixes(this.config);
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const database = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client(this.config);
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    const shadow = await connectWithFixes({ ...this.config, database });
    const disposeShadow = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await disposeShadow();
      await admin.query(`DROP DATABASE IF EXISTS "${database}"`);
      await admin.end();
    };
    return shadow;
  }
}
