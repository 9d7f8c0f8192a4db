// The kanban's browser code imports the board model and the stage rules. Nothing they import, however
// indirectly, may be server code (the database, node: modules, server-only), or it would end up in
// the browser bundle or break it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const CLIENT_ENTRIES = [
  "lib/prep-jobs/kanban/board.ts",
  "lib/prep-jobs/kanban/ageing.ts",
  "lib/prep-jobs/kanban/board-filter.ts",
  "lib/prep-jobs/kanban/kanban-settings.ts",
  "lib/prep-jobs/kanban/working-hours.ts",
  "lib/prep-job-stages/stage-rules.ts",
];

function importsOf(file: string): string[] {
  const source = readFileSync(path.join(root, file), "utf8");
  return [...source.matchAll(/^import\s+(?!type\b)[^"']*["']([^"']+)["']/gm)].map((match) => match[1]!);
}

function resolve(specifier: string): string | undefined {
  if (!specifier.startsWith("@/")) return undefined;
  const base = specifier.slice(2);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      readFileSync(path.join(root, candidate));
      return candidate;
    } catch {
      // next candidate
    }
  }
  return undefined;
}

describe("the kanban's browser modules", () => {
  it("import no server code, directly or indirectly", () => {
    const seen = new Set<string>();
    const external: string[] = [];
    const queue = [...CLIENT_ENTRIES];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of importsOf(file)) {
        const local = resolve(specifier);
        if (local) queue.push(local);
        else external.push(`${file} → ${specifier}`);
      }
    }
    expect([...seen].filter((file) => /lib\/(db|env)\.ts$/.test(file))).toEqual([]);
    expect(external.filter((line) => /→ (node:|server-only|pg$|@prisma\/)/.test(line))).toEqual([]);
    expect(seen).toContain("lib/errors/app-error.ts");
  });
});
