import { describe, expect, it } from "vitest";
import {
  estimateArrival,
  movedEnough,
  windowFromSchedule,
  type EtaInput,
} from "@/lib/movement-requests/eta/eta-window";

const HOUR = 3_600_000;
const now = new Date("2026-11-30T10:00:00Z");
const leeds = { latitude: 53.8008, longitude: -1.5491 };
// 40 km due south of Leeds.
const southOfLeeds = { latitude: 53.8008 - 40 / 111.2, longitude: -1.5491 };

const base: EtaInput = {
  now,
  journey: {
    status: "IN_PROGRESS",
    readyAt: new Date("2026-11-30T08:00:00Z"),
    deadline: new Date("2026-11-30T23:59:00Z"),
    statusSince: new Date("2026-11-30T09:00:00Z"),
  },
  usual: { durations: { toCarrier: 4 * HOUR, toCollection: 4 * HOUR, inTransit: 3 * HOUR }, learned: true },
  position: {
    fix: { ...southOfLeeds, recordedAt: new Date(now.getTime() - 5 * 60_000) },
    legDestination: leeds,
    onwardKm: 0,
    kinematics: { roadFactor: 1.25, kmPerHour: 50 },
  },
  schedule: { date: new Date("2026-11-30T00:00:00Z"), slot: "PM", time: null, timeZone: "Europe/London" },
};

const iso = (window: { earliest: Date; latest: Date } | null) =>
  window && [window.earliest.toISOString(), window.latest.toISOString()];

describe("estimateArrival", () => {
  it("from a recent position: 40 km × 1.25 at 50 km/h = 1 h after the fix, 10 % early and 20 % late", () => {
    const window = estimateArrival(base);
    expect(window?.basis).toBe("POSITION");
    // 09:55 + 1 h = 10:55; 55 min remaining: −5.5 min (at least 5) and +11 min, rounded out to 5 min.
    expect(iso(window)).toEqual(["2026-11-30T10:45:00.000Z", "2026-11-30T11:10:00.000Z"]);
  });

  it("adds the later legs' road km to the way left", () => {
    const window = estimateArrival({ ...base, position: { ...base.position!, onwardKm: 50 } });
    expect(window?.basis).toBe("POSITION");
    // 50 km more at 50 km/h: 11:55, 115 min left: −11.5 min and +23 min.
    expect(iso(window)).toEqual(["2026-11-30T11:40:00.000Z", "2026-11-30T12:20:00.000Z"]);
  });

  it("falls back to the lane's history once the position is 30 minutes old", () => {
    const stale = {
      ...base.position!,
      fix: { ...southOfLeeds, recordedAt: new Date(now.getTime() - 31 * 60_000) },
    };
    const window = estimateArrival({ ...base, position: stale });
    expect(window?.basis).toBe("HISTORY");
    // Collected at 09:00, in transit 3 h as usual: 12:00; 2 h left: −18 min and +30 min.
    expect(iso(window)).toEqual(["2026-11-30T11:40:00.000Z", "2026-11-30T12:30:00.000Z"]);
  });

  it("uses no position before collection", () => {
    const window = estimateArrival({ ...base, journey: { ...base.journey, status: "PLANNED" } });
    expect(window?.basis).toBe("HISTORY");
  });

  it("falls back to the schedule without history: the PM slot's hours at the destination", () => {
    const window = estimateArrival({
      ...base,
      position: null,
      usual: { ...base.usual, learned: false },
    });
    expect(window?.basis).toBe("SCHEDULE");
    expect(iso(window)).toEqual(["2026-11-30T12:00:00.000Z", "2026-11-30T18:00:00.000Z"]);
  });

  it("is null once the request is finished", () => {
    for (const status of ["DELIVERED", "CANCELLED", "ABORTED"] as const) {
      expect(estimateArrival({ ...base, journey: { ...base.journey, status } })).toBeNull();
    }
  });

  it("never starts in the past: a vehicle that should be there by now is expected now", () => {
    const overdue = {
      ...base.position!,
      fix: { ...southOfLeeds, recordedAt: new Date(now.getTime() - 29 * 60_000) },
      kinematics: { roadFactor: 1, kmPerHour: 200 },
    };
    const window = estimateArrival({ ...base, position: overdue });
    expect(window!.earliest.getTime()).toBe(now.getTime());
    expect(window!.latest.getTime()).toBe(now.getTime() + 10 * 60_000);
  });

  it("rounds outwards to 5 minutes, but never to before the current minute", () => {
    const at = new Date("2026-11-30T10:03:20Z");
    const arrivingNow = { ...base.position!, fix: { ...leeds, recordedAt: at } };
    const window = estimateArrival({ ...base, now: at, position: arrivingNow });
    expect(iso(window)).toEqual(["2026-11-30T10:03:00.000Z", "2026-11-30T10:15:00.000Z"]);
  });
});

describe("windowFromSchedule", () => {
  const date = new Date("2026-07-01T00:00:00Z");
  it("reads the slot in the destination's zone (BST is UTC+1)", () => {
    expect(iso(windowFromSchedule({ date, slot: "AM", time: null, timeZone: "Europe/London" }))).toEqual([
      "2026-07-01T07:00:00.000Z",
      "2026-07-01T11:00:00.000Z",
    ]);
    expect(iso(windowFromSchedule({ date, slot: "ANYTIME", time: null, timeZone: null }))).toEqual([
      "2026-07-01T08:00:00.000Z",
      "2026-07-01T18:00:00.000Z",
    ]);
  });
  it("ends at the delivery time, starting at most two hours before it when the slot starts later", () => {
    expect(iso(windowFromSchedule({ date, slot: "ANYTIME", time: "10:30", timeZone: null }))).toEqual([
      "2026-07-01T08:00:00.000Z",
      "2026-07-01T10:30:00.000Z",
    ]);
    expect(iso(windowFromSchedule({ date, slot: "PM", time: "09:00", timeZone: null }))).toEqual([
      "2026-07-01T07:00:00.000Z",
      "2026-07-01T09:00:00.000Z",
    ]);
  });
});

describe("movedEnough", () => {
  const window = { earliest: new Date("2026-11-30T12:00:00Z"), latest: new Date("2026-11-30T13:00:00Z") };
  it("is true from 30 minutes at either end", () => {
    expect(movedEnough(window, { ...window, latest: new Date("2026-11-30T13:29:00Z") })).toBe(false);
    expect(movedEnough(window, { ...window, latest: new Date("2026-11-30T13:30:00Z") })).toBe(true);
    expect(movedEnough(window, { ...window, earliest: new Date("2026-11-30T11:30:00Z") })).toBe(true);
    expect(movedEnough(null, window)).toBe(false);
  });
});
