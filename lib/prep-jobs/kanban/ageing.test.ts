import { describe, expect, it } from "vitest";
import {
  ageingLevel,
  DEFAULT_AGEING_THRESHOLDS,
  formatDuration,
  formatDurationLong,
  formatDurationToTheHour,
  timeInStageMs,
} from "@/lib/prep-jobs/kanban/ageing";

const HOUR = 3_600_000;
const now = new Date("2026-11-21T12:00:00.000Z");

describe("time in stage", () => {
  it("counts from the stage change to now, and never below zero", () => {
    expect(timeInStageMs("2026-11-21T10:30:00.000Z", now)).toBe(1.5 * HOUR);
    expect(timeInStageMs(new Date("2026-11-21T12:05:00.000Z"), now)).toBe(0);
  });

  it("is written short for the card and long for screen readers", () => {
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(59 * 60_000)).toBe("59 min");
    expect(formatDuration(HOUR)).toBe("1 h");
    expect(formatDuration(5 * HOUR + 12 * 60_000)).toBe("5 h 12 min");
    expect(formatDuration(24 * HOUR)).toBe("1 d");
    expect(formatDuration(76 * HOUR + 59 * 60_000)).toBe("3 d 4 h");
    expect(formatDurationLong(60_000)).toBe("1 minute");
    expect(formatDurationLong(2 * HOUR + 60_000)).toBe("2 hours 1 minute");
    expect(formatDurationLong(49 * HOUR)).toBe("2 days 1 hour");
    // The workshop screen's one-line rows: to the hour.
    expect(formatDurationToTheHour(59 * 60_000)).toBe("59 min");
    expect(formatDurationToTheHour(5 * HOUR + 12 * 60_000)).toBe("5 h");
    expect(formatDurationToTheHour(23 * HOUR + 59 * 60_000)).toBe("23 h");
    expect(formatDurationToTheHour(76 * HOUR + 59 * 60_000)).toBe("3 d 4 h");
  });
});

describe("the ageing colour", () => {
  const level = (hours: number) => ageingLevel(hours * HOUR, DEFAULT_AGEING_THRESHOLDS);

  it("turns amber at 48 hours and red at 72 by default, inclusive", () => {
    expect(level(0)).toBe("ok");
    expect(level(47.99)).toBe("ok");
    expect(level(48)).toBe("amber");
    expect(level(71.99)).toBe("amber");
    expect(level(72)).toBe("red");
    expect(level(500)).toBe("red");
  });

  it("follows configured thresholds", () => {
    const thresholds = { amberHours: 2, redHours: 4 };
    expect(ageingLevel(1.9 * HOUR, thresholds)).toBe("ok");
    expect(ageingLevel(3 * HOUR, thresholds)).toBe("amber");
    expect(ageingLevel(4 * HOUR, thresholds)).toBe("red");
  });
});
