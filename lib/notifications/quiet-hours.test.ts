import { describe, expect, it } from "vitest";
import { endOfQuietHours, isTimeOfDay } from "@/lib/notifications/quiet-hours";

const overnight = { start: "21:00", end: "08:00" };

describe("quiet hours", () => {
  it("lets a message go at once outside them, or when none are set", () => {
    const noon = new Date("2026-07-01T11:00:00Z"); // 12:00 in London (BST)
    expect(endOfQuietHours(noon, overnight, "Europe/London")).toEqual(noon);
    expect(endOfQuietHours(noon, null, "Europe/London")).toEqual(noon);
  });

  it("holds one due inside a window that crosses midnight until it ends, in the site's zone", () => {
    // 22:30 in London (BST) → 08:00 London the next morning = 07:00 UTC.
    expect(endOfQuietHours(new Date("2026-07-01T21:30:00Z"), overnight, "Europe/London")).toEqual(
      new Date("2026-07-02T07:00:00Z"),
    );
    // 05:10 in Tokyo → 08:00 Tokyo = 23:00 UTC the day before.
    expect(endOfQuietHours(new Date("2026-07-01T20:10:00Z"), overnight, "Asia/Tokyo")).toEqual(
      new Date("2026-07-01T23:00:00Z"),
    );
  });

  it("holds inside a same-day window and ends at its end, not its start", () => {
    const lunch = { start: "12:00", end: "13:30" };
    expect(endOfQuietHours(new Date("2026-01-15T12:45:20Z"), lunch, "UTC")).toEqual(
      new Date("2026-01-15T13:30:00Z"),
    );
    expect(endOfQuietHours(new Date("2026-01-15T13:30:00Z"), lunch, "UTC")).toEqual(
      new Date("2026-01-15T13:30:00Z"),
    );
  });

  it("reads only HH:MM", () => {
    expect(["08:00", "23:59", "00:00"].every(isTimeOfDay)).toBe(true);
    expect(["8:00", "24:00", "12:60", "noon", ""].some(isTimeOfDay)).toBe(false);
  });
});
