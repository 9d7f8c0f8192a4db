// Webhook receivers (test/webhook-receiver.ts) in a process of their own, so that the
// benchmark's publisher does not slow down their answers. Started by startReceiversProcess(); reports
// each request's arrival (receiver index, hook-id, Date.now()) to the parent over IPC, in batches.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startWebhookReceiver, type Behaviour } from "@/test/webhook-receiver";

/** What each receiver answers: a status, or "hang" (never). */
export type ReceiverSpec = number | "hang";
/** [receiver index, hook-id, arrival in ms since the epoch] */
export type Arrival = [number, string, number];

type ChildMessage = { ready: string[] } | { arrivals: Arrival[] };

export type ReceiversProcess = {
  urls: string[];
  onArrivals: (listener: (arrivals: Arrival[]) => void) => void;
  /** Asks for the arrivals not yet sent, then ends the process. */
  stop: () => Promise<void>;
};

export async function startReceiversProcess(specs: ReceiverSpec[]): Promise<ReceiversProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [JSON.stringify(specs)], {
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const listeners: ((arrivals: Arrival[]) => void)[] = [];
  const urls = await new Promise<string[]>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the receivers process exited (${code})`)));
    child.on("message", (message: ChildMessage) => {
      if ("ready" in message) resolve(message.ready);
      else listeners.forEach((listener) => listener(message.arrivals));
    });
  });
  return {
    urls,
    onArrivals: (listener) => listeners.push(listener),
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send("stop");
      await exited;
    },
  };
}

async function runReceivers(specs: ReceiverSpec[]): Promise<void> {
  const receivers = await Promise.all(specs.map((spec) => startWebhookReceiver(spec as Behaviour)));
  const flush = (then: () => void = () => undefined) => {
    const arrivals: Arrival[] = [];
    receivers.forEach((receiver, index) => {
      // Drained as they come, so that the bodies are not all kept.
      for (const webhook of receiver.received.splice(0))
        arrivals.push([index, webhook.headers["hook-id"] as string, webhook.receivedAt]);
    });
    process.send!({ arrivals }, then);
  };
  const timer = setInterval(() => flush(), 100);
  process.on("message", async () => {
    clearInterval(timer);
    await Promise.all(receivers.map((receiver) => receiver.close()));
    flush(() => process.disconnect());
  });
  // The benchmark ended without stopping them (an error, Ctrl-C): go with it.
  process.once("disconnect", () => process.exit(0));
  process.send!({ ready: receivers.map((receiver) => receiver.url) });
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  await runReceivers(JSON.parse(process.argv[2]!) as ReceiverSpec[]);
}
