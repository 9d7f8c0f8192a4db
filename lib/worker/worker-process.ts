// The event worker as a process of its own (`npm run worker`, started by lib/worker/main.ts), for scaling
// out beside the web servers. On SIGTERM / SIGINT it stops claiming, lets what is in flight finish for a
// moment, cuts and releases the rest, and exits.
import { requireDatabaseUrl } from "@/lib/env";
import { relayDatabaseNotifications } from "@/lib/events/event-wakeups";
import { kysely } from "@/lib/db";
import { logger } from "@/lib/logger";
import { runShutdownHooks } from "@/lib/shutdown-hooks";
import { startWorker } from "@/lib/worker/worker";

/** A shutdown that takes longer (a hung database call) is cut: the process exits with code 1. */
const SHUTDOWN_DEADLINE_MS = 10_000;

const closeNotifications = relayDatabaseNotifications(requireDatabaseUrl());
const worker = startWorker();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info("worker shutting down", { signal });
  const force = setTimeout(() => {
    logger.error("worker shutdown forced: still stopping after 10 s", { signal });
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  force.unref();
  await worker.stop();
  await closeNotifications();
  await kysely().destroy();
  // The spans still batched leave before the exit (lib/tracing/start-tracing.ts registers the flush).
  await runShutdownHooks();
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
