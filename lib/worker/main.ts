// `npm run worker`: the event worker as a process of its own, for scaling out beside the web servers.
// On SIGTERM / SIGINT it stops claiming, cuts and releases what is in flight, and exits.
import { requireDatabaseUrl } from "@/lib/env";
import { relayDatabaseNotifications } from "@/lib/events/event-wakeups";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { startWorker } from "@/lib/worker/worker";

const closeNotifications = relayDatabaseNotifications(requireDatabaseUrl());
const worker = startWorker();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info("worker shutting down", { signal });
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await worker.stop();
  await closeNotifications();
  await db().$disconnect();
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
