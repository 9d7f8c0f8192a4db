// docs/architecture.md draws the lib areas' layers; this keeps the drawing and the lint's layers alike,
// and the README's architecture section naming every area.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { areasOnDisk, LIB_LAYERS } from "./lib-areas.mjs";

const architecture = readFileSync(path.join(process.cwd(), "docs", "architecture.md"), "utf8");
const readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8");

function section(marker: string): string[] {
  const start = architecture.indexOf(`<!-- ${marker} -->`);
  const end = architecture.indexOf(`<!-- /${marker} -->`);
  if (start < 0 || end < start) throw new Error(`docs/architecture.md has no ${marker} section`);
  return architecture
    .slice(start, end)
    .split("\n")
    .filter((line) => line.startsWith("- "));
}

describe("the lib areas' layers", () => {
  it("are the ones docs/architecture.md lists, top layer first", () => {
    const drawn = [...LIB_LAYERS]
      .reverse()
      .map((layer) => `- ${layer.map((area) => `\`${area}\``).join(", ")}`);
    expect(section("lib-layers")).toEqual(drawn);
  });

  it("leave out no area on disk and name none that is gone", () => {
    const placed = LIB_LAYERS.flat();
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed].sort()).toEqual(
      areasOnDisk()
        .map((area) => area.name)
        .sort(),
    );
  });

  it("are each named in the README's architecture section", () => {
    const start = readme.indexOf("## Architecture in ten lines");
    const end = readme.indexOf("\n## ", start + 1);
    const tenLines = readme.slice(start, end < 0 ? undefined : end);
    expect(start).toBeGreaterThanOrEqual(0);
    const unnamed = areasOnDisk()
      .map((area) => area.name)
      .filter((name) => !tenLines.includes(`\`${name}\``));
    expect(unnamed).toEqual([]);
  });
});
