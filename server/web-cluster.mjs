// @ts-check
// `npm start`'s processes beside the primary (server/start.mjs, which keeps the database, the start-up
// steps and the signals), all node:cluster children:
// - the web processes, one per core (WEB_CONCURRENCY), running server/web-process.mjs on one shared port;
// - the worker (`vms-worker`: lib/worker/main.ts, as `npm run worker`, bundled by server/bundles.mjs),
//   unless RUN_WORKER_IN_PROCESS=false.
// Each runs under V8 heap limits (server/heap-limits.mjs). No web process runs the worker. A process
// that dies is replaced (server/supervised-process.mjs); on shutdown all stop side by side.
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import client from "prom-client";
import { heapLimitFlags } from "./heap-limits.mjs";
import { superviseProcess } from "./supervised-process.mjs";
import { WORKER_BUNDLE } from "./bundles.mjs";

/** Within the primary's 10 s shutdown: stragglers are killed, so that the database can still stop. */
const STOP_DEADLINE_MS = 9_000;
const WEB_PROCESS = fileURLToPath(new URL("./web-process.mjs", import.meta.url));

/**
 * Forks the web processes and the worker, and resolves once every web process listens.
 * @param {{ processes: number, port: number, worker: boolean }} options
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
export async function serveCluster({ processes, port, worker }) {
  // Metrics first: a web process may be asked for them as soon as it listens.
  answerMetricsRequests();
  const execArgv = [...process.execArgv, ...heapLimitFlags(process.env)];
  const supervised = Array.from({ length: processes }, () =>
    superviseProcess({
      name: "Web process",
      exec: WEB_PROCESS,
      execArgv,
      env: { PORT: String(port), RUN_WORKER_IN_PROCESS: "false" },
      stopWith: "message",
    }),
  );
  const webProcesses = [...supervised];
  if (worker) {
    supervised.push(
      superviseProcess({
        name: "Worker",
        exec: WORKER_BUNDLE,
        // react-server: the worker imports modules marked server-only (empty under this condition).
        execArgv: [...execArgv, "--conditions=react-server"],
        env: {},
        stopWith: "SIGTERM",
      }),
    );
  }
  const close = async () => {
    await Promise.all(supervised.map((child) => child.stop(STOP_DEADLINE_MS)));
  };

  const listening = webProcesses.map(
    ({ first }) =>
      new Promise((resolve, reject) => {
        first.once("listening", resolve);
        first.once("exit", (code) =>
          reject(new Error(`a web process exited with code ${code} before it listened`)),
        );
      }),
  );
  try {
    await Promise.all(listening);
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

/** A web process's request for every process's metrics (lib/metrics/render-metrics.ts). */
export const METRICS_REQUEST = "vms:metrics-request";
export const METRICS_ANSWER = "vms:metrics-answer";

/**
 * /api/metrics is answered by whichever web process the scrape reaches: it asks here, and gets the
 * figures of every process (the worker's deliveries too), aggregated by prom-client (counters summed, the
 * gauges read from the database by their "max"), so that a scrape does not depend on the process it
 * happens to reach.
 */
function answerMetricsRequests() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (asking, message) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => asking.isConnected() && asking.send({ type: METRICS_ANSWER, id: message.id, text }),
      (/** @type {unknown} */ error) =>
        asking.isConnected() && asking.send({ type: METRICS_ANSWER, id: message.id, error: String(error) }),
    );
  });
}

/**
 * WEB_CONCURRENCY, or the machine's cores.
 * @param {number} cores
 * @returns {number}
 */
export function webConcurrency(cores) {
  const setting = process.env.WEB_CONCURRENCY;
  if (!setting) return cores;
  const processes = Number(setting);
  if (!Number.isInteger(processes) || processes < 1 || processes > 256) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 256, not "${setting}".`);
  }
  return processes;
}
