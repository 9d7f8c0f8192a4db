// The heap limits `npm start` gives its children: the defaults, HEAP_LIMIT_MB, NODE_OPTIONS's precedence,
// and a real node started with the flags, which reports the limit in its heap statistics.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { heapLimitFlags } from "./heap-limits.mjs";

describe("heapLimitFlags", () => {
  it("caps the old generation at 192 MiB and the semi-spaces at 2 MiB by default", () => {
    expect(heapLimitFlags({})).toEqual(["--max-old-space-size=192", "--max-semi-space-size=2"]);
  });

  it("takes HEAP_LIMIT_MB, and 0 leaves V8's own limits", () => {
    expect(heapLimitFlags({ HEAP_LIMIT_MB: "512" })).toEqual([
      "--max-old-space-size=512",
      "--max-semi-space-size=2",
    ]);
    expect(heapLimitFlags({ HEAP_LIMIT_MB: "0" })).toEqual([]);
  });

  it("adds no flag that NODE_OPTIONS already sets", () => {
    expect(heapLimitFlags({ NODE_OPTIONS: "--max-old-space-size=1024" })).toEqual([
      "--max-semi-space-size=2",
    ]);
    expect(heapLimitFlags({ NODE_OPTIONS: "--max-semi-space-size=8 --max-old-space-size=300" })).toEqual([]);
  });

  it.each(["lots", "12", "1.5", "-1", "100000"])("refuses HEAP_LIMIT_MB=%s with a clear message", (value) => {
    expect(() => heapLimitFlags({ HEAP_LIMIT_MB: value })).toThrow(
      `HEAP_LIMIT_MB must be 0 or a whole number from 64 to 65536, not "${value}".`,
    );
  });

  it("gives a node process started with them a heap limit near 192 MiB", () => {
    const limit = execFileSync(
      process.execPath,
      [...heapLimitFlags({}), "-p", "require('node:v8').getHeapStatistics().heap_size_limit"],
      { encoding: "utf8" },
    );
    const mib = Number(limit) / 2 ** 20;
    // The old generation's 192 MiB plus the young generation's few.
    expect(mib).toBeGreaterThanOrEqual(192);
    expect(mib).toBeLessThan(210);
  });
});
