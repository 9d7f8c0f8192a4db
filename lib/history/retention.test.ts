import { describe, expect, it } from "vitest";
import { monthExpired, retentionCutoff } from "@/lib/history/retention";

const now = new Date("2026-11-29T12:00:00.000Z");

describe("history retention", () => {
  it("counts days and calendar months back from now", () => {
    expect(retentionCutoff("90d", now)?.toISOString()).toBe("2026-08-31T12:00:00.000Z");
    expect(retentionCutoff("25mo", now)?.toISOString()).toBe("2024-10-29T12:00:00.000Z");
    expect(retentionCutoff("forever", now)).toBeNull();
  });

  it("expires a month only once all of it is older than the cutoff", () => {
    const cutoff = retentionCutoff("90d", now);
    expect(monthExpired("2026-07", cutoff)).toBe(true);
    // August ends on the 31st at midnight, after the cutoff of the 31st at noon: not yet.
    expect(monthExpired("2026-08", cutoff)).toBe(false);
    expect(monthExpired("2026-11", cutoff)).toBe(false);
    expect(monthExpired("1999-01", null)).toBe(false);
  });

  it("takes December into the next year", () => {
    expect(monthExpired("2025-12", new Date("2026-01-01T00:00:00.000Z"))).toBe(true);
    expect(monthExpired("2025-12", new Date("2025-12-31T23:59:59.999Z"))).toBe(false);
  });

  it("refuses what is not a retention", () => {
    expect(() => retentionCutoff("3 weeks", now)).toThrow(/Not a retention/);
  });
});
