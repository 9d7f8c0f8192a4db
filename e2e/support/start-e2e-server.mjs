// Playwright's web server: a fresh database (dropped and created), then the product exactly as a
// user starts it (server/start.mjs: migrations, demo seed, serve).
import { spawn } from "node:child_process";
import pg from "pg";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const database = process.env.E2E_DATABASE_NAME ?? "vms_e2e";

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
await admin.query(`CREATE DATABASE "${database}"`);
await admin.end();

const url = new URL(serverUrl);
url.pathname = `/${database}`;
const child = spawn(process.execPath, ["server/start.mjs"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    APP_URL: `http://127.0.0.1:${process.env.PORT}`,
    AUTH_URL: `http://127.0.0.1:${process.env.PORT}`,
    // The tests stand in for a proxy on this machine: a spec that fails sign-ins on purpose names its
    // own client address (X-Forwarded-For), so that 127.0.0.1 is never throttled for the others.
    TRUSTED_PROXIES: process.env.TRUSTED_PROXIES ?? "127.0.0.1,::1",
    PUBLIC_BASE_URL: `http://127.0.0.1:${process.env.PORT}`,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "ZTJlLXRlc3QtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-test-session-secret-of-at-least-32-characters",
  },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
