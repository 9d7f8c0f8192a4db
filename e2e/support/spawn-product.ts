// Starts the product as a user would (node scripts/start.mjs) in a child process, for tests that need
// their own instance (embedded mode, crash and restart).
import { spawn, type ChildProcess } from "node:child_process";

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
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
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
