// Where a `node --cpu-prof` profile spent its time: self time by function and by file/package, the
// biggest first, and optionally by owner: whose code a sample's time is, with what that code called of
// Node's own. `npx tsx bench/lib/cpu-profile-summary.ts <file.cpuprofile> [top]`
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };
/** A span of the monotonic clock in µs (V8's profile clock, as process.hrtime's). */
export type ProfileWindow = { fromMicros: number; toMicros: number };

export type SelfTime = { name: string; ms: number; percent: number };

/**
 * Names the owner of a frame's code from its script's URL, or undefined for code no owner claims. A
 * sample belongs to the owner of the first frame from the top of its stack that is not Node's own.
 */
export type OwnerOf = (url: string) => string | undefined;

export function summariseCpuProfile(
  file: string,
  top = 25,
  window?: ProfileWindow,
  ownerOf?: OwnerOf,
): { byFunction: SelfTime[]; byFile: SelfTime[]; byOwner: Map<string, number>; totalMs: number } {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const selfMs = new Map<number, number>();
  let sampledAt = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    sampledAt += delta;
    if (window && (sampledAt < window.fromMicros || sampledAt > window.toMicros)) return;
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta / 1000);
  });
  const totalMs = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const owner = ownerOf && ownerOfSample(id, nodes, parents, ownerOf);
    if (owner) byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const frame = nodes.get(id)!.callFrame;
    const where = shortFile(frame.url);
    const name = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byFile.set(where, (byFile.get(where) ?? 0) + ms);
  }
  const ranked = (totals: Map<string, number>) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: Math.round(ms), percent: Math.round((ms / totalMs) * 1000) / 10 }));
  return { byFunction: ranked(byFunction), byFile: ranked(byFile), byOwner, totalMs: Math.round(totalMs) };
}

function ownerOfSample(
  id: number,
  nodes: Map<number, ProfileNode>,
  parents: Map<number, number>,
  ownerOf: OwnerOf,
): string | undefined {
  for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) {
    const url = nodes.get(node)!.callFrame.url;
    if (url !== "" && !url.startsWith("node:")) return ownerOf(url);
  }
  return undefined;
}

/** node_modules/<package>/… → the package; the project's own files relative to the root. */
function shortFile(url: string): string {
  if (!url) return "(native)";
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1]!;
  return url.replace(/^file:\/\//, "").replace(/^.*\/work\/main\//, "");
}

if (process.argv[1]?.endsWith("cpu-profile-summary.ts")) {
  const [file, top] = process.argv.slice(2);
  if (!file) throw new Error("usage: tsx bench/lib/cpu-profile-summary.ts <file.cpuprofile> [top]");
  const summary = summariseCpuProfile(file, Number(top ?? 25));
  console.log(`Total sampled: ${summary.totalMs} ms\n\nBy file / package:`);
  for (const entry of summary.byFile)
    console.log(`${String(entry.percent).padStart(5)} %  ${entry.ms} ms  ${entry.name}`);
  console.log("\nBy function:");
  for (const entry of summary.byFunction)
    console.log(`${String(entry.percent).padStart(5)} %  ${entry.ms} ms  ${entry.name}`);
}
