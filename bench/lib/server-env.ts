// The environment a benchmarked server (and its migrate / seed steps) runs with.
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Production settings on the given database. The API-key rate limit is lifted: it would otherwise
 * answer 429 beyond 100 requests/s per key, and the benchmark measures the work behind it.
 */
export function benchServerEnv(databaseUrl: string, port?: number): NodeJS.ProcessEnv {
  const base = port ? `http://127.0.0.1:${port}` : undefined;
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
    DATABASE_URL: databaseUrl,
    ...(port ? { PORT: String(port), HOSTNAME: "127.0.0.1", AUTH_URL: base, PUBLIC_BASE_URL: base } : {}),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "YmVuY2gtZW5jcnlwdGlvbi1rZXktb2YtMzItYnl0ZXM=",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-session-secret-of-at-least-32-characters",
    RATE_LIMIT_REQUESTS: "1000000000",
    // Tracking e-mails of the created requests go to a throw-away mailbox, not the project's .data/.
    MAILBOX_DIR: process.env.BENCH_MAILBOX_DIR ?? "/tmp/vms-bench-mailbox",
  };
}
