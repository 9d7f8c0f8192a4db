// Several runs of bench/tracing-overhead.ts taken together: every start of every run, by scenario, made
// into one figure and interval as one run's are. One run's starts scatter by ±5–10 points, so a
// figure near 5 % needs more starts than a run of half an hour gives. Each run writes
// bench/results/tracing-overhead.json: copy it aside before the next one. The runs should share their
// settings (the first run's are shown, and any that differ are named).
//   npx tsx --conditions=react-server bench/tracing-overhead-pooled.ts <result.json> <result.json> […]
import { readFileSync } from "node:fs";
import { summary, type Result } from "@/bench/lib/overhead-summary";
import { markdownTable, printTable } from "@/bench/lib/table";

type RunResult = { finishedAt: string; settings: Record<string, unknown>; results: Result[] };

const files = process.argv.slice(2);
if (files.length < 2)
  throw new Error("usage: bench/tracing-overhead-pooled.ts <result.json> <result.json> […]");
const runs = files.map((file) => JSON.parse(readFileSync(file, "utf8")) as RunResult);
const [first] = runs;
for (const [index, run] of runs.entries()) {
  const differing = Object.keys(first!.settings).filter(
    (key) => key !== "starts" && run.settings[key] !== first!.settings[key],
  );
  console.log(
    `${files[index]}: finished ${run.finishedAt}, ${run.settings.starts} starts` +
      (differing.length ? `; settings that differ from the first run's: ${differing.join(", ")}` : ""),
  );
}
const names = [...new Set(runs.flatMap((run) => run.results.map((result) => result.name)))];
const rows = names.map((name) =>
  summary(
    runs.flatMap((run) => run.results.find((result) => result.name === name)?.starts ?? []),
    name,
  ),
);
printTable(`CPU ms per request, ${runs.length} runs pooled (${JSON.stringify(first!.settings)})`, rows);
console.log(`\nMarkdown for docs/performance.md:\n\n${markdownTable(rows)}`);
