// @ts-check
// Runs the start-up steps (migrate, seed, build) as child processes, one at a time, and lets a
// shutdown signal reach them.
import { spawn } from "node:child_process";

/** @type {import("node:child_process").ChildProcess | undefined} */
let running;
let stopped = false;

/**
 * Runs `command args…` with the terminal as its stdio; resolves when it exits with 0.
 * @param {string} title what the step does, for the log and the error
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<void>}
 */
export function runStep(title, command, args) {
  if (stopped) return Promise.reject(new Error(`${title}: not started, shutting down`));
  const commandLine = [command, ...args].join(" ");
  console.log(`\n> ${title}: ${commandLine}`);
  // Its own process group, so that a signal reaches npx and everything npx started (npm does not
  // reliably pass signals on), and is sent only by us.
  const child = spawn(command, args, { stdio: "inherit", detached: true });
  running = child;
  return new Promise((resolve, reject) => {
    child.on("error", (error) => {
      running = undefined;
      reject(new Error(`${title} failed: could not run ${commandLine} (${error.message})`));
    });
    child.on("exit", (code, signal) => {
      running = undefined;
      if (code === 0) return resolve();
      const outcome = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      reject(new Error(`${title} failed: ${commandLine} ${outcome}`));
    });
  });
}

/**
 * Passes the signal to the running step, if any, and waits for it to exit; later steps do not start.
 * @param {NodeJS.Signals} signal
 * @returns {Promise<void>}
 */
export function stopSteps(signal) {
  stopped = true;
  const child = running;
  const pid = child?.pid;
  if (!child || !pid) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone: "exit" is on its way.
    }
  });
}
