import { describe, expect, it } from "vitest";
import {
  codePointLength,
  describeDeliveryBy,
  describeReadyToCollect,
} from "@/lib/movement-requests/wizard/live-rules";

const manchester = { timezone: null, countryCode: "GB" };
const chicagoByCountry = { timezone: null, countryCode: "US" };
// 2026-11-21 15:30 UTC: 15:30 in Manchester (GMT), 00:30 the next day in Yokohama.
const now = new Date("2026-11-21T15:30:00Z");

describe("describeDeliveryBy (specification rules 1–4)", () => {
  it("16:00 gives PM and keeps 16:00 as the delivery hours", () => {
    expect(describeDeliveryBy({ deliveryByTime: "16:00" })).toEqual({
      timeslot: "PM",
      time: "16:00",
      slotOfTime: "PM",
      source: "time",
      slotOverridesTime: false,
    });
  });

  it("before 12:00 gives AM; 12:00 itself is PM", () => {
    expect(describeDeliveryBy({ deliveryByTime: "11:59" }).timeslot).toBe("AM");
    expect(describeDeliveryBy({ deliveryByTime: "12:00" }).timeslot).toBe("PM");
  });

  it("an explicit slot wins over the time", () => {
    expect(describeDeliveryBy({ deliveryByTime: "16:00", deliveryByTimeslot: "AM" })).toEqual({
      timeslot: "AM",
      time: "16:00",
      slotOfTime: "PM",
      source: "explicitSlot",
      slotOverridesTime: true,
    });
    expect(describeDeliveryBy({ deliveryByTime: "16:00", deliveryByTimeslot: "PM" }).slotOverridesTime).toBe(
      false,
    );
  });

  it("neither gives ANYTIME; a half-typed time is ignored", () => {
    expect(describeDeliveryBy({})).toMatchObject({ timeslot: "ANYTIME", time: null, source: "default" });
    expect(describeDeliveryBy({ deliveryByTime: "16:" })).toMatchObject({
      timeslot: "ANYTIME",
      source: "default",
    });
  });
});

describe("describeReadyToCollect", () => {
  it("ready now is today in the slot the site's clock is in", () => {
    expect(describeReadyToCollect(manchester, { readyWhen: "now" }, now)).toEqual({
      date: "2026-11-21",
      timeslot: "PM",
      timeZone: "Europe/London",
      reason: "readyNow",
    });
    expect(
      describeReadyToCollect({ timezone: null, countryCode: "JP" }, { readyWhen: "now" }, now),
    ).toMatchObject({
      date: "2026-11-22",
      timeslot: "AM",
    });
  });

  it("ready now at a site whose zone cannot be resolved is any time, on the UTC date", () => {
    expect(describeReadyToCollect(chicagoByCountry, { readyWhen: "now" }, now)).toEqual({
      date: "2026-11-21",
      timeslot: "ANYTIME",
      timeZone: null,
      reason: "readyNowUnknownZone",
    });
  });

  it("a later date alone is any time that day, today's date is the current slot, a slot is kept", () => {
    expect(describeReadyToCollect(manchester, { readyWhen: "later", date: "2026-11-25" }, now)).toMatchObject(
      {
        date: "2026-11-25",
        timeslot: "ANYTIME",
        reason: "dateOnly",
      },
    );
    expect(describeReadyToCollect(manchester, { readyWhen: "later", date: "2026-11-21" }, now)).toMatchObject(
      {
        timeslot: "PM",
        reason: "dateToday",
      },
    );
    expect(
      describeReadyToCollect(manchester, { readyWhen: "later", date: "2026-11-25", timeslot: "AM" }, now),
    ).toMatchObject({ timeslot: "AM", reason: "explicitSlot" });
  });
});

describe("codePointLength", () => {
  it("counts code points, not UTF-16 units", () => {
    expect(codePointLength("🚗🚗")).toBe(2);
    expect(codePointLength(undefined)).toBe(0);
  });
});
