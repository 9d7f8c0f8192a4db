// The worker inside the web process (the default): started once from instrumentation.ts, stopped by the
// process's shutdown hook (scripts/start.mjs calls globalThis.vmsShutdownHooks).
import { env, requireDatabaseUrl } from "@/lib/env";
import { relayDatabaseNotifications } from "@/lib/events/event-wakeups";
import { startWorker } from "@/lib/worker/worker";

type ShutdownHooks = { vmsShutdownHooks?: (() => Promise<void>)[] };

export function startWorkerInProcess(): void {
  if (!env().RUN_WORKER_IN_PROCESS) return;
  const closeNotifications = relayDatabaseNotifications(requireDatabaseUrl());
  const worker = startWorker();
  const hooks = ((globalThis as ShutdownHooks).vmsShutdownHooks ??= []);
  hooks.push(async () => {
    await worker.stop();
    await closeNotifications();
  });
}
