import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_SCHEDULE,
  delayBeforeAttempt,
  parseDuration,
  parseSchedule,
} from "@/lib/webhooks/delivery/retry-schedule";

describe("the retry schedule", () => {
  it("parses the default schedule of extensions section 5", () => {
    const hour = 3_600_000;
    expect(parseSchedule(DEFAULT_RETRY_SCHEDULE)).toEqual([
      0,
      5_000,
      300_000,
      1_800_000,
      2 * hour,
      5 * hour,
      10 * hour,
      10 * hour,
    ]);
  });

  it("parses an override and refuses nonsense", () => {
    expect(parseSchedule("0s, 1s,2s")).toEqual([0, 1_000, 2_000]);
    expect(() => parseSchedule("0s,soon")).toThrow(/Not a duration/);
    expect(() => parseDuration("-5s")).toThrow();
    expect(parseDuration("5d")).toBe(5 * 86_400_000);
  });

  it("jitters each delay by at most ±20 %", () => {
    const schedule = [0, 10_000];
    expect(delayBeforeAttempt(schedule, 1, () => 0)).toBe(8_000);
    expect(delayBeforeAttempt(schedule, 1, () => 1)).toBe(12_000);
    expect(delayBeforeAttempt(schedule, 1, () => 0.5)).toBe(10_000);
    expect(delayBeforeAttempt(schedule, 0, () => 1)).toBe(0);
  });

  it("ends after the last entry", () => {
    expect(delayBeforeAttempt([0, 1_000], 2)).toBeUndefined();
  });
});
