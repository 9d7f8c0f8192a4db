// The supervisor of `npm start`'s processes, on real node:cluster children (small scripts written for the
// test): a process that dies is started again after a pause that doubles while it keeps dying, each time
// logged; stop() asks the running one to stop, waits for it, and starts nothing more.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { superviseProcess, type SupervisedProcess } from "./supervised-process.mjs";

const folder = mkdtempSync(path.join(tmpdir(), "vms-supervised-"));
const script = (name: string, source: string) => {
  const file = path.join(folder, name);
  writeFileSync(file, source);
  return file;
};
/** Dies at once, as a process that cannot start. */
const failing = script("failing.mjs", "process.exit(3);\n");
/** Runs until SIGTERM, then exits 0 (as the worker does); says when its handler is in place. */
const serving = script(
  "serving.mjs",
  'process.on("SIGTERM", () => process.exit(0));\nprocess.send("ready");\nsetInterval(() => {}, 1_000);\n',
);

const running: SupervisedProcess[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((supervised) => supervised.stop(2_000)));
  vi.restoreAllMocks();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function supervise(exec: string) {
  const supervised = superviseProcess({
    name: "Test process",
    exec,
    execArgv: [],
    env: {},
    stopWith: "SIGTERM",
  });
  running.push(supervised);
  return supervised;
}

describe("superviseProcess", () => {
  it("restarts a process that dies, after 1 s, then 2 s while it keeps dying, and logs each", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    supervise(failing);
    await expect
      .poll(() => logged.mock.calls.map(([line]) => String(line).replace(/\d{3,}/, "<pid>")), {
        timeout: 15_000,
        interval: 100,
      })
      .toEqual([
        "Test process <pid> exited (code 3); starting another in 1 s.",
        "Test process <pid> exited (code 3); starting another in 2 s.",
      ]);
  }, 20_000);

  it("stop() ends the running process and starts no other", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const supervised = supervise(serving);
    await new Promise((resolve) => supervised.first.once("message", resolve));
    const exit = new Promise<number | null>((resolve) => supervised.first.once("exit", resolve));
    await supervised.stop(5_000);
    expect(await exit).toBe(0);
    expect(supervised.current()).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(supervised.current()).toBeUndefined();
    expect(logged).not.toHaveBeenCalled();
  }, 20_000);
});
