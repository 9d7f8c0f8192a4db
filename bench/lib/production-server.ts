// The product's production server for a benchmark: `server/start.mjs` on a bench database (it builds
// first when `.next` is missing or older than the sources). Benchmarks run one at a time on a quiet
// machine: nothing else should build `.next` meanwhile.
import { startProcessGroup, waitForHttp } from "@/bench/lib/process-group";
import { benchServerEnv } from "@/bench/lib/server-env";

/** A possible `next build` on a slow machine. */
const READY_TIMEOUT_MS = 15 * 60_000;

export type ProductionServer = {
  baseUrl: string;
  /** The start.mjs process: sample RSS over its tree. */
  pid: number;
  logFile: string;
  stop: () => Promise<void>;
};

export async function startProductionServer(options: {
  name: string;
  port: number;
  databaseUrl: string;
  /** Added to the bench environment (e.g. DATABASE_POOL_SIZE, RUN_WORKER_IN_PROCESS). */
  env?: Record<string, string>;
  /** Flags for the server's node (e.g. --cpu-prof, which NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
  /** A program that runs node, with its arguments before node's (e.g. valgrind and its options). */
  launcher?: string[];
}): Promise<ProductionServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const [command, ...launcherArgs] = [...(options.launcher ?? []), process.execPath];
  const group = startProcessGroup({
    command: command as string,
    args: [...launcherArgs, ...(options.nodeArgs ?? []), "server/start.mjs"],
    env: { ...benchServerEnv(options.databaseUrl, options.port), ...options.env },
    logName: `${options.name}.server`,
  });
  console.log(`Starting the production server on ${baseUrl} (log: ${group.logFile})…`);
  try {
    await waitForHttp(`${baseUrl}/api/ready`, group, READY_TIMEOUT_MS);
  } catch (error) {
    await group.stop();
    throw error;
  }
  return { baseUrl, pid: group.pid, logFile: group.logFile, stop: group.stop };
}
