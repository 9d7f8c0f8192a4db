// `npm run worker` as a real child process, for tests that kill it or run several side by side.
import { spawn, type ChildProcess } from "node:child_process";

export type WorkerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

export function spawnWorkerProcess(env: Record<string, string>): WorkerProcess {
  let output = "";
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "lib/worker/main.ts"],
    {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}
