// @ts-check
// One of `npm start`'s web processes (node:cluster workers, forked by server/web-cluster.mjs): Next's
// request handler on the port they all share. It drains and exits when the primary says "shutdown",
// or on SIGTERM/SIGINT of its own (Ctrl-C in a terminal reaches every process of the group).
import { serveNext } from "./web-server.mjs";

// As `ps` shows it, beside `vms-worker`.
process.title = "vms-web";

/** Within the primary's 10 s: it stops the database after the web processes have exited. */
const EXIT_DEADLINE_MS = 9_000;

/** @type {Promise<{ close: () => Promise<void> }>} */
const serving = serveNext({
  dev: false,
  port: Number(process.env.PORT),
  hostname: process.env.HOSTNAME || "0.0.0.0",
});
let stopping = false;

async function stop() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), EXIT_DEADLINE_MS).unref();
  try {
    await (await serving).close();
    process.exit(0);
  } catch {
    process.exit(1); // it never served: the primary reports that
  }
}

process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("message", (message) => {
  if (message === "shutdown") void stop();
});
serving.catch((error) => {
  console.error(
    `✖ Web process ${process.pid} could not serve: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
