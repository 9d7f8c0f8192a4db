import { describe, expect, it } from "vitest";
import type { Place, PlanningDriver, PlanningRequest } from "@/lib/planning/model";
import { driverShifts } from "@/lib/planning/shifts";
import { requestWindows } from "@/lib/planning/time-windows";

const london: Place = { siteId: "london", latitude: 51.5, longitude: -0.1, timeZone: "Europe/London" };
const tokyo: Place = { siteId: "tokyo", latitude: 35.7, longitude: 139.7, timeZone: "Asia/Tokyo" };
const nowhere: Place = { siteId: "dallas", latitude: 32.8, longitude: -96.8, timeZone: null };

const request = (extra: Partial<PlanningRequest>): PlanningRequest => ({
  id: "r",
  profileId: "p",
  transportMethod: "DRIVEN",
  origin: london,
  destination: london,
  readyToCollectFromDate: "2026-07-01",
  readyToCollectFromTimeslot: "ANYTIME",
  deliveryByDate: "2026-07-02",
  deliveryByTimeslot: "ANYTIME",
  deliveryByTime: null,
  deliverOnSpecifiedDate: false,
  ...extra,
});
const iso = (instant: number) => new Date(instant).toISOString();

describe("requestWindows: the specification's timeslots at each site's clock", () => {
  it("collects from 08:00 for AM and ANYTIME, from 12:00 for PM (London in summer: UTC+1)", () => {
    expect(iso(requestWindows(request({ readyToCollectFromTimeslot: "AM" })).collectFrom)).toBe(
      "2026-07-01T07:00:00.000Z",
    );
    expect(iso(requestWindows(request({})).collectFrom)).toBe("2026-07-01T07:00:00.000Z");
    expect(iso(requestWindows(request({ readyToCollectFromTimeslot: "PM" })).collectFrom)).toBe(
      "2026-07-01T11:00:00.000Z",
    );
  });

  it("is due by 12:00 for AM, the day's end for PM and ANYTIME, at the destination's clock", () => {
    expect(iso(requestWindows(request({ deliveryByTimeslot: "AM" })).deliverBy)).toBe(
      "2026-07-02T11:00:00.000Z",
    );
    expect(iso(requestWindows(request({ deliveryByTimeslot: "PM" })).deliverBy)).toBe(
      "2026-07-02T23:00:00.000Z",
    );
    expect(iso(requestWindows(request({ destination: tokyo })).deliverBy)).toBe("2026-07-02T15:00:00.000Z");
    expect(iso(requestWindows(request({ destination: nowhere })).deliverBy)).toBe("2026-07-03T00:00:00.000Z");
  });

  it("keeps deliveryByTime as the deadline (rule 2), whichever slot was given (rule 3)", () => {
    const pm = requestWindows(request({ deliveryByTime: "16:00", deliveryByTimeslot: "PM" }));
    expect(iso(pm.deliverBy)).toBe("2026-07-02T15:00:00.000Z");
    const explicitPm = requestWindows(request({ deliveryByTime: "10:00", deliveryByTimeslot: "PM" }));
    expect(iso(explicitPm.deliverBy)).toBe("2026-07-02T09:00:00.000Z");
  });

  it("delivers on the specified date: not before its start, nor before noon for PM", () => {
    expect(requestWindows(request({})).deliverFrom).toBe(-Infinity);
    const onDate = requestWindows(request({ deliverOnSpecifiedDate: true }));
    expect(iso(onDate.deliverFrom)).toBe("2026-07-01T23:00:00.000Z");
    const pm = requestWindows(request({ deliverOnSpecifiedDate: true, deliveryByTimeslot: "PM" }));
    expect(iso(pm.deliverFrom)).toBe("2026-07-02T11:00:00.000Z");
    // An explicit PM slot with a morning time (rule 3): the window ends at that time, so it starts there.
    const morning = requestWindows(
      request({ deliverOnSpecifiedDate: true, deliveryByTimeslot: "PM", deliveryByTime: "10:00" }),
    );
    expect(morning.deliverFrom).toBe(morning.deliverBy);
  });
});

describe("driverShifts", () => {
  const driver: PlanningDriver = {
    id: "d",
    home: london,
    workingHours: { mon: { start: "07:00", end: "15:30" }, sat: { start: "08:00", end: "24:00" } },
    daysOff: ["2026-10-26"],
    transportMethods: ["DRIVEN"],
    costPerHourCents: null,
  };

  it("gives a shift per working weekday but the days off, at the home's clock across a clock change", () => {
    // Saturday 24 October (BST), Monday 26 (off), Saturday 31 and Monday 2 November (GMT).
    expect(
      driverShifts(driver, "2026-10-24", "2026-11-02").map((shift) => [
        shift.day,
        iso(shift.start),
        iso(shift.end),
      ]),
    ).toEqual([
      ["2026-10-24", "2026-10-24T07:00:00.000Z", "2026-10-24T23:00:00.000Z"],
      ["2026-10-31", "2026-10-31T08:00:00.000Z", "2026-11-01T00:00:00.000Z"],
      ["2026-11-02", "2026-11-02T07:00:00.000Z", "2026-11-02T15:30:00.000Z"],
    ]);
  });
});
