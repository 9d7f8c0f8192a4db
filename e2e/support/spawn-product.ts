// Starts the product as a user would (node server/start.mjs) in a child process, for tests that need
// their own instance (embedded mode, crash and restart).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import { databaseUrlFor, TEST_SERVER_URL } from "@/test/test-database-url";

export type RunningProduct = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop: () => Promise<number | null>;
};

export async function spawnProduct(options: {
  port: number;
  env: NodeJS.ProcessEnv;
  readyTimeoutMs?: number;
}): Promise<RunningProduct> {
  let output = "";
  const child = spawn(process.execPath, ["server/start.mjs"], {
    env: { ...options.env, PORT: String(options.port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited early:\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the product was not ready in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    child,
    baseUrl,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** The current environment without a database, as on a machine with no PostgreSQL configured. */
export function environmentWithoutDatabase(extra: Record<string, string>): NodeJS.ProcessEnv {
  // spawn() leaves out variables whose value is undefined.
  return { ...process.env, ...extra, DATABASE_URL: undefined };
}

/** A TCP port nobody listens on right now, for a product instance of a test's own. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A new, empty database on the test PostgreSQL server (the product migrates and seeds it when it
 * starts), and the environment that runs the product on it in production mode, with secrets of its own.
 */
export async function environmentWithFreshDatabase(
  name: string,
  extra: Record<string, string> = {},
): Promise<{ env: NodeJS.ProcessEnv; databaseUrl: string; drop: () => Promise<void> }> {
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: TEST_SERVER_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const databaseUrl = databaseUrlFor(name);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    AUTH_SECRET: randomBytes(32).toString("base64"),
    ...extra,
  };
  return { env, databaseUrl, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
