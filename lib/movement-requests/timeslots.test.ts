import { describe, expect, it } from "vitest";
import { localDateAndOffset } from "@/lib/dates";
import {
  readyNowDefaults,
  resolveDeliveryBy,
  resolveReadyToCollect,
  timeslotOfTime,
} from "@/lib/movement-requests/timeslots";

const london = { timezone: null, countryCode: "GB" };
const tokyo = { timezone: null, countryCode: "JP" };
const unresolvableUs = { timezone: null, countryCode: "US" };
const chicago = { timezone: "America/Chicago", countryCode: "US" };

const at = (iso: string) => new Date(iso);

describe("timeslotOfTime", () => {
  it.each([
    ["00:00", "AM"],
    ["09:30", "AM"],
    ["11:59", "AM"],
    ["12:00", "PM"],
    ["16:00", "PM"],
    ["23:59", "PM"],
  ])("%s is %s", (time, slot) => {
    expect(timeslotOfTime(time)).toBe(slot);
  });

  it.each(["24:00", "9:30", "12:60", "12:00:00", "", "noon"])("refuses %j", (time) => {
    expect(() => timeslotOfTime(time)).toThrow(RangeError);
  });
});

describe("readyNowDefaults", () => {
  it("is today at the site, in the slot its clock is in", () => {
    expect(readyNowDefaults(london, at("2026-01-15T09:00:00Z"))).toEqual({
      date: "2026-01-15",
      timeslot: "AM",
    });
    expect(readyNowDefaults(london, at("2026-01-15T15:00:00Z"))).toEqual({
      date: "2026-01-15",
      timeslot: "PM",
    });
  });

  describe("around local midnight", () => {
    it("is already tomorrow in Tokyo at 23:30 UTC, in the morning slot", () => {
      expect(readyNowDefaults(tokyo, at("2026-11-20T23:30:00Z"))).toEqual({
        date: "2026-11-21",
        timeslot: "AM",
      });
    });

    it("is still yesterday in Chicago at 03:00 UTC, in the afternoon slot", () => {
      expect(readyNowDefaults(chicago, at("2026-11-21T03:00:00Z"))).toEqual({
        date: "2026-11-20",
        timeslot: "PM",
      });
    });

    it("turns the date at local midnight, not UTC midnight", () => {
      expect(readyNowDefaults(tokyo, at("2026-11-20T14:59:59.999Z"))).toEqual({
        date: "2026-11-20",
        timeslot: "PM",
      });
      expect(readyNowDefaults(tokyo, at("2026-11-20T15:00:00Z"))).toEqual({
        date: "2026-11-21",
        timeslot: "AM",
      });
    });
  });

  describe("around local noon", () => {
    it("is AM up to 11:59:59.999 local and PM from 12:00 local", () => {
      expect(readyNowDefaults(tokyo, at("2026-11-21T02:59:00Z")).timeslot).toBe("AM");
      expect(readyNowDefaults(tokyo, at("2026-11-21T02:59:59.999Z")).timeslot).toBe("AM");
      expect(readyNowDefaults(tokyo, at("2026-11-21T03:00:00Z")).timeslot).toBe("PM");
    });
  });

  describe("across the Europe/London clock changes", () => {
    it("reads 11:30 UTC as 11:30 GMT in winter (AM)", () => {
      expect(readyNowDefaults(london, at("2026-01-15T11:30:00Z"))).toEqual({
        date: "2026-01-15",
        timeslot: "AM",
      });
    });

    it("reads 11:30 UTC as 12:30 BST from the last Sunday of March (PM)", () => {
      expect(readyNowDefaults(london, at("2026-03-28T11:30:00Z")).timeslot).toBe("AM");
      expect(readyNowDefaults(london, at("2026-03-29T11:30:00Z"))).toEqual({
        date: "2026-03-29",
        timeslot: "PM",
      });
    });

    it("reads 11:30 UTC as 11:30 GMT again from the last Sunday of October (AM)", () => {
      expect(readyNowDefaults(london, at("2026-10-24T11:30:00Z")).timeslot).toBe("PM");
      expect(readyNowDefaults(london, at("2026-10-25T11:30:00Z"))).toEqual({
        date: "2026-10-25",
        timeslot: "AM",
      });
    });

    it("dates 23:30 UTC in summer as the next day in London", () => {
      expect(readyNowDefaults(london, at("2026-07-01T23:30:00Z"))).toEqual({
        date: "2026-07-02",
        timeslot: "AM",
      });
      expect(readyNowDefaults(london, at("2026-12-01T23:30:00Z"))).toEqual({
        date: "2026-12-01",
        timeslot: "PM",
      });
    });
  });

  describe("a site whose zone cannot be resolved", () => {
    it("is ANYTIME on the UTC date", () => {
      expect(readyNowDefaults(unresolvableUs, at("2026-11-21T02:00:00Z"))).toEqual({
        date: "2026-11-21",
        timeslot: "ANYTIME",
      });
      expect(readyNowDefaults(unresolvableUs, at("2026-11-21T23:59:59.999Z"))).toEqual({
        date: "2026-11-21",
        timeslot: "ANYTIME",
      });
    });

    it("uses the site's explicit zone when it has one", () => {
      expect(readyNowDefaults(chicago, at("2026-11-21T15:00:00Z"))).toEqual({
        date: "2026-11-21",
        timeslot: "AM",
      });
    });
  });
});

describe("resolveReadyToCollect", () => {
  const morningInLondon = at("2026-01-15T09:00:00Z");
  const afternoonInLondon = at("2026-01-15T14:00:00Z");

  it("keeps both when both are given", () => {
    expect(resolveReadyToCollect({ date: "2026-01-20", timeslot: "PM" }, london, morningInLondon)).toEqual({
      date: "2026-01-20",
      timeslot: "PM",
    });
    expect(resolveReadyToCollect({ date: "2026-01-15", timeslot: "AM" }, london, afternoonInLondon)).toEqual({
      date: "2026-01-15",
      timeslot: "AM",
    });
  });

  it("is ready now when neither is given", () => {
    expect(resolveReadyToCollect({}, london, afternoonInLondon)).toEqual({
      date: "2026-01-15",
      timeslot: "PM",
    });
    expect(resolveReadyToCollect({}, unresolvableUs, afternoonInLondon)).toEqual({
      date: "2026-01-15",
      timeslot: "ANYTIME",
    });
  });

  it("takes a date other than today without a slot as ANYTIME", () => {
    expect(resolveReadyToCollect({ date: "2026-01-20" }, london, afternoonInLondon)).toEqual({
      date: "2026-01-20",
      timeslot: "ANYTIME",
    });
    expect(resolveReadyToCollect({ date: "2026-01-14" }, london, afternoonInLondon)).toEqual({
      date: "2026-01-14",
      timeslot: "ANYTIME",
    });
  });

  it("takes today's date without a slot as ready now, in the current slot", () => {
    expect(resolveReadyToCollect({ date: "2026-01-15" }, london, morningInLondon)).toEqual({
      date: "2026-01-15",
      timeslot: "AM",
    });
    expect(resolveReadyToCollect({ date: "2026-01-15" }, london, afternoonInLondon)).toEqual({
      date: "2026-01-15",
      timeslot: "PM",
    });
  });

  it("judges 'today' by the site's calendar", () => {
    const lateEveningUtc = at("2026-11-20T23:30:00Z");
    expect(resolveReadyToCollect({ date: "2026-11-21" }, tokyo, lateEveningUtc)).toEqual({
      date: "2026-11-21",
      timeslot: "AM",
    });
    expect(resolveReadyToCollect({ date: "2026-11-20" }, tokyo, lateEveningUtc)).toEqual({
      date: "2026-11-20",
      timeslot: "ANYTIME",
    });
  });

  it("gives ANYTIME for today at a site whose zone cannot be resolved", () => {
    expect(resolveReadyToCollect({ date: "2026-01-15" }, unresolvableUs, afternoonInLondon)).toEqual({
      date: "2026-01-15",
      timeslot: "ANYTIME",
    });
  });

  it("puts a slot without a date on today at the site, keeping the slot as given", () => {
    expect(resolveReadyToCollect({ timeslot: "PM" }, london, morningInLondon)).toEqual({
      date: "2026-01-15",
      timeslot: "PM",
    });
    expect(resolveReadyToCollect({ timeslot: "ANYTIME" }, tokyo, at("2026-11-20T23:30:00Z"))).toEqual({
      date: "2026-11-21",
      timeslot: "ANYTIME",
    });
  });
});

describe("resolveDeliveryBy", () => {
  it("rule 1: a time before 12:00 gives AM, from 12:00 PM", () => {
    expect(resolveDeliveryBy({ deliveryByTime: "00:00" })).toEqual({ timeslot: "AM", time: "00:00" });
    expect(resolveDeliveryBy({ deliveryByTime: "11:59" })).toEqual({ timeslot: "AM", time: "11:59" });
    expect(resolveDeliveryBy({ deliveryByTime: "12:00" })).toEqual({ timeslot: "PM", time: "12:00" });
    expect(resolveDeliveryBy({ deliveryByTime: "23:59" })).toEqual({ timeslot: "PM", time: "23:59" });
  });

  it("rule 2: keeps the time verbatim, so 16:00 stays 16:00", () => {
    expect(resolveDeliveryBy({ deliveryByTime: "16:00" })).toEqual({ timeslot: "PM", time: "16:00" });
  });

  it("rule 3: an explicit slot wins over the time, which is still kept", () => {
    expect(resolveDeliveryBy({ deliveryByTimeslot: "AM", deliveryByTime: "16:00" })).toEqual({
      timeslot: "AM",
      time: "16:00",
    });
    expect(resolveDeliveryBy({ deliveryByTimeslot: "ANYTIME", deliveryByTime: "09:00" })).toEqual({
      timeslot: "ANYTIME",
      time: "09:00",
    });
    expect(resolveDeliveryBy({ deliveryByTimeslot: "PM" })).toEqual({ timeslot: "PM", time: null });
  });

  it("rule 4: neither gives ANYTIME and no time", () => {
    expect(resolveDeliveryBy({})).toEqual({ timeslot: "ANYTIME", time: null });
  });

  it("refuses a malformed time rather than guessing its slot", () => {
    expect(() => resolveDeliveryBy({ deliveryByTime: "4pm" })).toThrow(RangeError);
  });
});

describe("localDateAndOffset", () => {
  it("writes the instant at the zone's offset", () => {
    expect(localDateAndOffset(at("2026-11-21T09:30:00Z"), "Asia/Tokyo")).toEqual({
      date: "2026-11-21",
      isoLocal: "2026-11-21T18:30:00.000+09:00",
    });
  });

  it("dates the instant by the zone's calendar", () => {
    expect(localDateAndOffset(at("2026-11-20T23:30:00Z"), "Asia/Tokyo")).toEqual({
      date: "2026-11-21",
      isoLocal: "2026-11-21T08:30:00.000+09:00",
    });
    expect(localDateAndOffset(at("2026-11-21T03:00:00.250Z"), "America/Chicago")).toEqual({
      date: "2026-11-20",
      isoLocal: "2026-11-20T21:00:00.250-06:00",
    });
  });

  it("follows the Europe/London clock changes", () => {
    expect(localDateAndOffset(at("2026-03-29T00:59:00Z"), "Europe/London").isoLocal).toBe(
      "2026-03-29T00:59:00.000+00:00",
    );
    expect(localDateAndOffset(at("2026-03-29T01:00:00Z"), "Europe/London").isoLocal).toBe(
      "2026-03-29T02:00:00.000+01:00",
    );
    expect(localDateAndOffset(at("2026-10-25T00:59:00Z"), "Europe/London").isoLocal).toBe(
      "2026-10-25T01:59:00.000+01:00",
    );
    expect(localDateAndOffset(at("2026-10-25T01:00:00Z"), "Europe/London").isoLocal).toBe(
      "2026-10-25T01:00:00.000+00:00",
    );
  });

  it("writes a half-hour offset as such", () => {
    expect(localDateAndOffset(at("2026-11-21T09:30:00Z"), "Asia/Kolkata").isoLocal).toBe(
      "2026-11-21T15:00:00.000+05:30",
    );
  });

  it("writes UTC as +00:00 when the zone is unknown", () => {
    expect(localDateAndOffset(at("2026-11-21T23:30:00Z"), null)).toEqual({
      date: "2026-11-21",
      isoLocal: "2026-11-21T23:30:00.000+00:00",
    });
  });

  it("names the same instant as occurredAt", () => {
    const instant = at("2026-06-30T22:15:42.123Z");
    for (const zone of ["Asia/Tokyo", "Europe/London", "America/Chicago", null]) {
      expect(new Date(localDateAndOffset(instant, zone).isoLocal).getTime()).toBe(instant.getTime());
    }
  });
});
