import { describe, expect, it } from "vitest";
import {
  formatArrivalWindow,
  formatDeliveryDeadline,
  formatTrackingDay,
  formatTrackingInstant,
  timeZoneLabel,
} from "@/lib/movement-requests/tracking-times";

describe("the tracking page's times", () => {
  it("shows an instant in the site's own zone, named", () => {
    expect(formatTrackingInstant("2027-01-20T14:05:00Z", "Europe/London")).toBe("Wed 20 Jan, 14:05 GMT");
    expect(formatTrackingInstant("2027-07-20T14:05:00Z", "Europe/London")).toBe("Tue 20 Jul, 15:05 BST");
    expect(formatTrackingInstant("2027-01-20T23:30:00Z", "Europe/Berlin")).toBe("Thu 21 Jan, 00:30 CET");
  });

  it("shows a calendar day with its part of the day", () => {
    const today = new Date("2027-01-02T10:00:00Z");
    expect(formatTrackingDay({ date: "2027-01-20", timeslot: "AM" }, today)).toBe("Wed 20 Jan, morning");
    expect(formatTrackingDay({ date: "2027-01-20", timeslot: "ANYTIME" }, today)).toBe("Wed 20 Jan");
    expect(formatTrackingDay({ date: "2027-01-20", timeslot: null }, today)).toBe("Wed 20 Jan");
    // Another year: it says which.
    expect(formatTrackingDay({ date: "2027-01-20", timeslot: null }, new Date("2026-12-30T10:00:00Z"))).toBe(
      "Wed, 20 Jan 2027",
    );
  });

  it("says a carrier's delivery as a deadline, or as the day itself when the date is fixed", () => {
    const today = new Date("2026-11-28T10:00:00Z");
    const day = { date: "2026-12-03", timeslot: "ANYTIME", time: null } as const;
    expect(formatDeliveryDeadline({ ...day, onTheDay: false }, today)).toBe("By Thu 3 Dec");
    expect(formatDeliveryDeadline({ ...day, onTheDay: true }, today)).toBe("On Thu 3 Dec");
    expect(formatDeliveryDeadline({ ...day, timeslot: "PM", onTheDay: true }, today)).toBe(
      "On Thu 3 Dec, afternoon",
    );
    // A time says more than its slot.
    expect(formatDeliveryDeadline({ ...day, timeslot: "PM", time: "16:00", onTheDay: false }, today)).toBe(
      "By Thu 3 Dec, 16:00",
    );
  });

  it("names the zone as people say it, summer and winter", () => {
    expect(timeZoneLabel("Europe/London", new Date("2027-07-01T12:00:00Z"))).toBe("BST");
    expect(timeZoneLabel("Europe/London", new Date("2027-01-01T12:00:00Z"))).toBe("GMT");
  });

  it("shows an arrival window in the destination's time, today, tomorrow or on its day", () => {
    const now = new Date("2027-07-20T09:00:00Z");
    const window = (earliest: string, latest: string) => ({ earliest, latest });
    expect(
      formatArrivalWindow(window("2027-07-20T13:10:00Z", "2027-07-20T13:45:00Z"), "Europe/London", now),
    ).toBe("Today, 14:10–14:45");
    expect(
      formatArrivalWindow(window("2027-07-21T11:00:00Z", "2027-07-21T17:00:00Z"), "Europe/London", now),
    ).toBe("Tomorrow, 12:00–18:00");
    expect(
      formatArrivalWindow(window("2027-07-23T21:00:00Z", "2027-07-24T01:00:00Z"), "Europe/London", now),
    ).toBe("Fri 23 Jul 22:00 – Sat 24 Jul 02:00");
  });
});
