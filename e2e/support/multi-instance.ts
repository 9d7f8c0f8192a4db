// A scaled-out deployment on this machine: one fresh PostgreSQL database, two app instances
// (server/start.mjs, RUN_WORKER_IN_PROCESS=false) and two standalone event workers (`npm run worker`),
// all real processes, for tests that check what instances and workers share only through the database.
import pg from "pg";
import { spawnProduct, type RunningProduct } from "./spawn-product";
import { spawnWorkerProcess, type WorkerProcess } from "@/test/worker-process";
import { databaseUrlFor, TEST_SERVER_URL } from "@/test/test-database-url";

/** application_name tells an instance's database sessions apart (pg_stat_activity). */
export type Instance = RunningProduct & { applicationName: string };

export type Deployment = {
  databaseUrl: string;
  instances: Instance[];
  workers: WorkerProcess[];
  stop: () => Promise<void>;
};

async function recreateDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
}

export async function startDeployment(options: { database: string; ports: number[] }): Promise<Deployment> {
  await recreateDatabase(options.database);
  const databaseUrl = databaseUrlFor(options.database);
  // What every process of one deployment shares (the same secrets as start-e2e-server.mjs).
  const shared = {
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "ZTJlLXRlc3QtZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-test-session-secret-of-at-least-32-characters",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
    RUN_WORKER_IN_PROCESS: "false",
    RATE_LIMIT_REQUESTS: "10000",
    LOG_LEVEL: "warn",
  };
  const instances: Instance[] = [];
  const workers: WorkerProcess[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    for (const worker of workers) worker.child.kill("SIGTERM");
    await Promise.all(workers.map((worker) => worker.exited));
  };
  try {
    // One after the other: the first applies the migrations and seeds the empty database.
    for (const port of options.ports) {
      const own = `http://127.0.0.1:${port}`;
      const applicationName = `vms-instance-${port}`;
      const url = new URL(databaseUrl);
      url.searchParams.set("application_name", applicationName);
      const product = await spawnProduct({
        port,
        env: { ...process.env, ...shared, DATABASE_URL: url.toString(), AUTH_URL: own, PUBLIC_BASE_URL: own },
      });
      instances.push({ ...product, applicationName });
    }
    workers.push(spawnWorkerProcess(shared), spawnWorkerProcess(shared));
  } catch (error) {
    await stop();
    throw error;
  }
  return { databaseUrl, instances, workers, stop };
}
