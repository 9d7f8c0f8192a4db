// @ts-check
// `npm start`'s web processes: one per core (WEB_CONCURRENCY), node:cluster workers running
// scripts/web-process.mjs on one shared port. The primary (scripts/start.mjs) keeps the database, the
// start-up steps and the signals; the first web process also runs the webhook worker (one per service,
// like `npm run worker`). A web process that dies is replaced; on shutdown all drain side by side.
import cluster from "node:cluster";
import { fileURLToPath } from "node:url";
import client from "prom-client";

/** A web process that dies is replaced after this pause (no tight loop if it dies at once again). */
const RESTART_DELAY_MS = 1_000;
/** Within the primary's 10 s shutdown: stragglers are killed, so that the database can still stop. */
const STOP_DEADLINE_MS = 9_000;

/**
 * Forks the web processes and resolves once every one listens.
 * @param {{ processes: number, port: number }} options
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
export async function serveCluster({ processes, port }) {
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./web-process.mjs", import.meta.url)) });
  answerMetricsRequests();
  let stopping = false;
  /** @type {Set<import("node:cluster").Worker>} */
  const running = new Set();

  /** @param {number} index 0 runs the webhook worker (unless RUN_WORKER_IN_PROCESS=false) */
  const fork = (index) => {
    const runsWorker = index === 0 ? (process.env.RUN_WORKER_IN_PROCESS ?? "true") : "false";
    const worker = cluster.fork({ PORT: String(port), RUN_WORKER_IN_PROCESS: runsWorker });
    running.add(worker);
    worker.once("exit", (code, signal) => {
      running.delete(worker);
      if (stopping) return;
      console.error(
        `Web process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another.`,
      );
      setTimeout(() => {
        if (!stopping) fork(index);
      }, RESTART_DELAY_MS).unref();
    });
    return worker;
  };

  const close = async () => {
    stopping = true;
    const exits = [...running].map((worker) => new Promise((resolve) => worker.once("exit", resolve)));
    for (const worker of running) {
      if (worker.isConnected()) worker.send("shutdown");
      else worker.process.kill("SIGTERM");
    }
    const deadline = setTimeout(() => {
      for (const worker of running) {
        console.error(
          `Web process ${worker.process.pid} still running after ${STOP_DEADLINE_MS / 1000} s: killed.`,
        );
        worker.process.kill("SIGKILL");
      }
    }, STOP_DEADLINE_MS);
    await Promise.all(exits);
    clearTimeout(deadline);
  };

  const started = Array.from({ length: processes }, (_, index) => {
    const worker = fork(index);
    return new Promise((resolve, reject) => {
      worker.once("listening", resolve);
      worker.once("exit", (code) =>
        reject(new Error(`a web process exited with code ${code} before it listened`)),
      );
    });
  });
  try {
    await Promise.all(started);
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
 * figures of all of them, aggregated by prom-client (counters summed, the gauges read from the database
 * by their "max"), so that a scrape does not depend on the process it happens to reach.
 */
function answerMetricsRequests() {
  const aggregator = new client.AggregatorRegistry();
  cluster.on("message", (worker, message) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (/** @type {unknown} */ error) =>
        worker.isConnected() && worker.send({ type: METRICS_ANSWER, id: message.id, error: String(error) }),
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
