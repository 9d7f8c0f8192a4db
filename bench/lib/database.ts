// A fresh database for one benchmark on the real PostgreSQL (TEST_DATABASE_URL, as the tests use), with
// the migrations and the demo seed applied exactly as `npm start` applies them.
import { spawn } from "node:child_process";
import { withClient } from "@/test/pg-client";
import { PROJECT_ROOT, benchServerEnv } from "@/bench/lib/server-env";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export type BenchDatabase = { name: string; url: string; drop: () => Promise<void> };

/** Drops and creates `vms_bench_<suffix>`. It is left in place after the run (for EXPLAIN by hand). */
export async function createBenchDatabase(suffix: string): Promise<BenchDatabase> {
  const name = `vms_bench_${suffix.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`;
  await withClient(SERVER_URL, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withClient(SERVER_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** An existing `vms_bench_<suffix>` (e.g. the 1 M data set, `scale`), kept as it is: nothing dropped. */
export function existingBenchDatabase(suffix: string): BenchDatabase {
  const name = `vms_bench_${suffix.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: async () => {} };
}

/** `prisma migrate deploy` and the demo seed, as server/start.mjs runs them (no server, no lock). */
export async function migrateAndSeed(databaseUrl: string): Promise<void> {
  const env = benchServerEnv(databaseUrl);
  await run("npx", ["--no", "--", "prisma", "migrate", "deploy"], env);
  await run("npx", ["--no", "--", "tsx", "--conditions=react-server", "prisma/seed.ts", "--if-empty"], env);
}

export { withClient };

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`)),
    );
  });
}
