// What a process must finish before it exits (the in-process worker, the spans still batched),
// registered from code inside Next and run by whoever stops the process: server/web-server.mjs reads
// globalThis.vmsShutdownHooks, lib/worker/worker-process.ts calls runShutdownHooks. On globalThis,
// because the build may load this module more than once.
type ShutdownHooks = { vmsShutdownHooks?: (() => Promise<void>)[] };

export function onShutdown(hook: () => Promise<void>): void {
  ((globalThis as ShutdownHooks).vmsShutdownHooks ??= []).push(hook);
}

export async function runShutdownHooks(): Promise<void> {
  await Promise.all((globalThis as ShutdownHooks).vmsShutdownHooks?.map((hook) => hook()) ?? []);
}
