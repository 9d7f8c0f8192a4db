// A process run under valgrind's callgrind (bench/tracing-instructions.ts): its counting switched on and
// off, zeroed and dumped from outside, and a dump's instructions split by what executed them.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";

/** Valgrind's options for a server whose node processes run uncounted until `--instr=on` is sent. */
export function callgrindLauncher(directory: string): string[] {
  return [
    "valgrind",
    "--tool=callgrind",
    "--trace-children=yes",
    // The start-up steps (npx prisma, the tsx seed) run uncounted, at full speed.
    "--trace-children-skip=*npx*,*npm*,*/sh,*/env",
    "--smc-check=all-non-file", // V8 writes and rewrites its machine code
    "--instr-atstart=no",
    `--callgrind-out-file=${directory}/callgrind.%p`,
  ];
}

/**
 * Sends `--instr=on|off`, `--zero` or `--dump` to a counted process. Valgrind names its control pipes
 * after the HOSTNAME the process had, which must be given here.
 */
export function callgrindControl(pid: number, command: string, hostname: string): void {
  const result = spawnSync("callgrind_control", [command, String(pid)], {
    env: { ...process.env, HOSTNAME: hostname },
    encoding: "utf8",
  });
  if (result.status !== 0 || !result.stdout.includes("OK")) {
    throw new Error(`callgrind_control ${command} ${pid}: ${result.stdout}${result.stderr}`);
  }
}

export type InstructionSplit = {
  total: number;
  /** V8's garbage collector, on the main thread and its helpers. */
  garbageCollection: number;
  /** Parsing and compiling JavaScript (and Prisma's WebAssembly): V8 tiering up, or again after a deopt. */
  compilation: number;
};

// By function name: V8's symbols say which part of it a function belongs to.
const GARBAGE_COLLECTION =
  /Scaveng|Marking|MarkCompact|Sweep|heap::base|Evacuat|RememberedSet|SlotSet|cppgc|v8::internal::Heap::|MemoryChunk|PagedSpace|NewSpace|GCTracer|LargeObjectSpace|FreeList|ArrayBufferSweeper|BodyDescriptorBase::Iterate/;
const COMPILATION =
  /v8::internal::compiler::|v8::internal::maglev::|v8::internal::baseline::|Parser|Scanner|BytecodeGenerator|v8::internal::wasm::|v8::internal::Zone::|turboshaft/;

/** The newest dump of a process (callgrind.<pid>.<part>), split by `callgrind_annotate`'s functions. */
export function lastDumpSplit(directory: string, pid: number): InstructionSplit {
  const parts = readdirSync(directory)
    .filter((file) => file.startsWith(`callgrind.${pid}.`))
    .sort((a, b) => Number(a.split(".").at(-1)) - Number(b.split(".").at(-1)));
  const newest = parts.at(-1);
  if (!newest) throw new Error(`no dump of ${pid} in ${directory}`);
  const annotated = spawnSync("callgrind_annotate", ["--threshold=100", path.join(directory, newest)], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const split: InstructionSplit = { total: 0, garbageCollection: 0, compilation: 0 };
  for (const line of annotated.stdout.split("\n")) {
    const match = /^\s*([\d,]+) \([\s\d.]+%\)\s+(.*)$/.exec(line);
    if (!match) continue;
    const [, count = "0", name = ""] = match;
    const instructions = Number(count.replaceAll(",", ""));
    if (name.includes("PROGRAM TOTALS")) split.total = instructions;
    else if (GARBAGE_COLLECTION.test(name)) split.garbageCollection += instructions;
    else if (COMPILATION.test(name)) split.compilation += instructions;
  }
  if (split.total === 0) throw new Error(`no total in ${newest}`);
  return split;
}
