import { describe, expect, it } from "vitest";
import { startOfDayIn, wallClockMs } from "@/lib/dates";

describe("wallClockMs", () => {
  it("places a wall-clock time in its zone, either side of a daylight-saving change", () => {
    expect(new Date(wallClockMs(2026, 2, 28, 9, 30, "Europe/London")).toISOString()).toBe(
      "2026-03-28T09:30:00.000Z",
    );
    expect(new Date(wallClockMs(2026, 2, 30, 9, 30, "Europe/London")).toISOString()).toBe(
      "2026-03-30T08:30:00.000Z",
    );
    expect(new Date(wallClockMs(2026, 6, 1, 12, 0, "America/New_York")).toISOString()).toBe(
      "2026-07-01T16:00:00.000Z",
    );
  });

  it("rolls 24:00 into the next day, and answers the same twice", () => {
    const midnight = wallClockMs(2026, 11, 31, 24, 0, "Europe/Paris");
    expect(new Date(midnight).toISOString()).toBe("2026-12-31T23:00:00.000Z");
    expect(wallClockMs(2026, 11, 31, 24, 0, "Europe/Paris")).toBe(midnight);
    expect(startOfDayIn("2027-01-01", "Europe/Paris").getTime()).toBe(midnight);
  });
});
