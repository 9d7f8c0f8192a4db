// The worker inside the web process (the default): started once from instrumentation.ts, stopped by the
// process's shutdown hook (scripts/start.mjs calls globalThis.vmsShutdownHooks).
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
