// @ts-check
// One process of `npm start` (a web process, the worker), forked by node:cluster and started again when it
// dies. The pause before a restart doubles while it keeps dying soon after starting (1 s, 2 s, 4 s … 30 s),
// so that a process that cannot start does not loop hot; one that ran a minute is restarted after 1 s.
import cluster from "node:cluster";

const FIRST_RESTART_DELAY_MS = 1_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** A process that ran this long before dying counts as a first failure again. */
const STABLE_AFTER_MS = 60_000;

/**
 * @typedef {object} SupervisedProcessOptions
 * @property {string} name as the log names it ("Web process", "Worker")
 * @property {string} exec the module the process runs
 * @property {string[]} execArgv node's flags for it
 * @property {Record<string, string>} env added to the primary's environment
 * @property {"message" | "SIGTERM"} stopWith how it is asked to stop: the "shutdown" message (the web
 *   processes), or SIGTERM, which also stops it if it has not yet set up its handlers (the worker)
 *
 * @typedef {object} SupervisedProcess
 * @property {import("node:cluster").Worker} first the process first started
 * @property {() => import("node:cluster").Worker | undefined} current the process running now, if any
 * @property {(deadlineMs: number) => Promise<void>} stop no more restarts; asks the running process to
 *   stop and waits for its exit, killing it after deadlineMs
 */

/**
 * @param {SupervisedProcessOptions} options
 * @returns {SupervisedProcess}
 */
export function superviseProcess({ name, exec, execArgv, env, stopWith }) {
  let stopping = false;
  let failuresInARow = 0;
  /** @type {import("node:cluster").Worker | undefined} */
  let running;
  /** @type {NodeJS.Timeout | undefined} */
  let restartTimer;

  const start = () => {
    // The settings apply to the next fork: the web processes and the worker run different modules.
    cluster.setupPrimary({ exec, execArgv });
    const forked = cluster.fork(env);
    const startedAt = Date.now();
    running = forked;
    forked.once("exit", (code, signal) => {
      if (running === forked) running = undefined;
      if (stopping) return;
      failuresInARow = Date.now() - startedAt >= STABLE_AFTER_MS ? 1 : failuresInARow + 1;
      const delay = Math.min(FIRST_RESTART_DELAY_MS * 2 ** (failuresInARow - 1), MAX_RESTART_DELAY_MS);
      console.error(
        `${name} ${forked.process.pid} exited (${signal ?? `code ${code}`}); starting another in ${delay / 1000} s.`,
      );
      restartTimer = setTimeout(() => {
        if (!stopping) start();
      }, delay).unref();
    });
    return forked;
  };

  const first = start();
  return {
    first,
    current: () => running,
    async stop(deadlineMs) {
      stopping = true;
      clearTimeout(restartTimer);
      const child = running;
      if (!child) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      if (stopWith === "message" && child.isConnected()) child.send("shutdown");
      else child.process.kill("SIGTERM");
      const deadline = setTimeout(() => {
        console.error(`${name} ${child.process.pid} still running after ${deadlineMs / 1000} s: killed.`);
        child.process.kill("SIGKILL");
      }, deadlineMs);
      await exited;
      clearTimeout(deadline);
    },
  };
}
