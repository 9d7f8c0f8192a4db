// The OTLP trace receiver (test/otlp-receiver.ts) in a process of its own, as a collector is: in
// the benchmark's process, each export batch it decoded held up the load generator's event loop, and the
// traced server measured 8 points more CPU per request for it (docs/performance.md, "The receiver in the
// load generator's process"). Started by startOtlpReceiverProcess(); it counts the spans and tells the
// parent when stopped, over IPC.
import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startOtlpReceiver } from "@/test/otlp-receiver";

type ChildMessage = { ready: string } | { count: number };

export type OtlpReceiverProcess = {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  endpoint: string;
  /** Ends the process; resolves with how many spans it received in all. */
  stop: () => Promise<number>;
};

export async function startOtlpReceiverProcess(): Promise<OtlpReceiverProcess> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--conditions=react-server", "--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the OTLP receiver process exited (${code})`)));
    child.once("message", (message: ChildMessage) => {
      if ("ready" in message) resolve(message.ready);
    });
  });
  return {
    endpoint,
    stop: () =>
      new Promise<number>((resolve, reject) => {
        child.on("message", (message: ChildMessage) => {
          if ("count" in message) resolve(message.count);
        });
        child.once("exit", (code) => reject(new Error(`the OTLP receiver process exited (${code})`)));
        child.send("stop");
      }),
  };
}

async function runReceiver(): Promise<void> {
  const receiver = await startOtlpReceiver({ keepSpans: false });
  process.on("message", async () => {
    await receiver.close();
    process.send!({ count: receiver.count() }, () => process.disconnect());
  });
  // The benchmark ended without stopping it (an error, Ctrl-C): go with it.
  process.once("disconnect", () => process.exit(0));
  process.send!({ ready: receiver.endpoint });
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  await runReceiver();
}
