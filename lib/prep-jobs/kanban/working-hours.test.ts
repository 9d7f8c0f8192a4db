import { describe, expect, it } from "vitest";
import { workingMsBetween, type WorkingSchedule } from "@/lib/prep-jobs/kanban/working-hours";

const HOUR = 3_600_000;
const weekdays = { open: "08:00", close: "18:00" };
/** Mon–Fri 08:00–18:00, Saturday morning, closed on Sunday; London time. */
const workshop: WorkingSchedule = {
  timeZone: "Europe/London",
  openingHours: {
    mon: [weekdays],
    tue: [weekdays],
    wed: [weekdays],
    thu: [weekdays],
    fri: [weekdays],
    sat: [{ open: "09:00", close: "12:00" }],
  },
  closedDays: [],
};
const allDay = { open: "00:00", close: "24:00" };
const alwaysOpen: WorkingSchedule = {
  timeZone: "Europe/London",
  openingHours: {
    sun: [allDay],
    mon: [allDay],
    tue: [allDay],
    wed: [allDay],
    thu: [allDay],
    fri: [allDay],
    sat: [allDay],
  },
  closedDays: [],
};
const at = (iso: string) => new Date(iso);

describe("working-hours ageing", () => {
  it("counts only the open hours of a working day", () => {
    // Wednesday 18 Nov 2026 (GMT): 07:00–20:00 overlaps 08:00–18:00 for 10 h.
    expect(workingMsBetween(at("2026-11-18T07:00:00Z"), at("2026-11-18T20:00:00Z"), workshop)).toBe(
      10 * HOUR,
    );
    expect(workingMsBetween(at("2026-11-18T16:30:00Z"), at("2026-11-18T17:00:00Z"), workshop)).toBe(HOUR / 2);
  });

  it("skips the night and the weekend", () => {
    // Friday 20 Nov 16:00 → Monday 23 Nov 10:00: 2 h Friday + 3 h Saturday + 0 Sunday + 2 h Monday.
    expect(workingMsBetween(at("2026-11-20T16:00:00Z"), at("2026-11-23T10:00:00Z"), workshop)).toBe(7 * HOUR);
  });

  it("skips closed days", () => {
    const christmas = { ...workshop, closedDays: ["2026-12-24", "2026-12-25"] };
    // Wednesday 23 Dec 17:00 → Monday 28 Dec 09:00: 1 h Wed, Thu/Fri closed, 3 h Sat, 1 h Mon.
    expect(workingMsBetween(at("2026-12-23T17:00:00Z"), at("2026-12-28T09:00:00Z"), christmas)).toBe(
      5 * HOUR,
    );
    expect(workingMsBetween(at("2026-12-23T17:00:00Z"), at("2026-12-28T09:00:00Z"), workshop)).toBe(
      25 * HOUR,
    );
  });

  it("reads opening hours in the site's own time zone", () => {
    const berlin = { ...workshop, timeZone: "Europe/Berlin" };
    // 07:00–08:00 UTC is 08:00–09:00 in Berlin (open) but 07:00–08:00 in London (closed).
    expect(workingMsBetween(at("2026-11-18T07:00:00Z"), at("2026-11-18T08:00:00Z"), berlin)).toBe(HOUR);
    expect(workingMsBetween(at("2026-11-18T07:00:00Z"), at("2026-11-18T08:00:00Z"), workshop)).toBe(0);
  });

  it("counts the 23 hours of the spring daylight-saving day", () => {
    // Sunday 29 March 2026: London's clocks go from 01:00 GMT to 02:00 BST.
    expect(workingMsBetween(at("2026-03-29T00:00:00Z"), at("2026-03-29T23:00:00Z"), alwaysOpen)).toBe(
      23 * HOUR,
    );
    // Monday 30 March 08:00–18:00 BST is 07:00–17:00 UTC: still 10 h.
    expect(workingMsBetween(at("2026-03-29T12:00:00Z"), at("2026-03-30T20:00:00Z"), workshop)).toBe(
      10 * HOUR,
    );
    expect(workingMsBetween(at("2026-03-30T06:00:00Z"), at("2026-03-30T07:00:00Z"), workshop)).toBe(0);
  });

  it("counts the 25 hours of the autumn daylight-saving day", () => {
    // Sunday 25 October 2026: London's clocks go from 02:00 BST back to 01:00 GMT.
    expect(workingMsBetween(at("2026-10-24T23:00:00Z"), at("2026-10-26T00:00:00Z"), alwaysOpen)).toBe(
      25 * HOUR,
    );
    // Saturday 24 Oct 09:00–12:00 BST (08:00–11:00 UTC), then Monday 26 Oct 08:00–18:00 GMT.
    expect(workingMsBetween(at("2026-10-24T00:00:00Z"), at("2026-10-26T10:00:00Z"), workshop)).toBe(5 * HOUR);
  });

  it("is zero when the end is not after the start", () => {
    expect(workingMsBetween(at("2026-11-18T12:00:00Z"), at("2026-11-18T11:00:00Z"), workshop)).toBe(0);
  });
});
