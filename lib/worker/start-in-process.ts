// The worker inside a process that serves Next on its own (`npm run dev`, a test server): started once
// from instrumentation.ts, stopped by the process's shutdown hook (server/web-server.mjs runs
// globalThis.vmsShutdownHooks). `npm start`'s web processes run none (RUN_WORKER_IN_PROCESS=false): its
// worker is a process of its own (server/web-cluster.mjs).
import { env, requireDatabaseUrl } from "@/lib/env";
import { relayDatabaseNotifications } from "@/lib/events/event-wakeups";
import { onShutdown } from "@/lib/shutdown-hooks";
import { startWorker } from "@/lib/worker/worker";

export function startWorkerInProcess(): void {
  if (!env().RUN_WORKER_IN_PROCESS) return;
  const closeNotifications = relayDatabaseNotifications(requireDatabaseUrl());
  const worker = startWorker();
  onShutdown(async () => {
    await worker.stop();
    await closeNotifications();
  });
}
