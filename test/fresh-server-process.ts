// A module script run in a new Node process, as the server's code runs (TypeScript through tsx, the
// react-server condition, imports relative to the project's root), for tests of what happens at a
// process's start: what it loads, what it patches. The script prints its findings as a JSON line last.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs `script` with `env` over this process's environment (an undefined value leaves a variable out). */
export async function inFreshServerProcess<T>(
  script: string,
  env: Record<string, string | undefined>,
): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", "--input-type=module", "-e", script],
    { env: { ...process.env, NEXT_RUNTIME: "nodejs", ...env } },
  );
  return JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as T;
}
