import { describe, expect, it } from "vitest";
import { chainLegs, type PlanMapData } from "./plan-map";

const lanes: PlanMapData["lanes"] = {
  a: { originSiteId: "MAN", destinationSiteId: "LDS" },
  b: { originSiteId: "LDS", destinationSiteId: "WRT" },
  c: { originSiteId: "BHM", destinationSiteId: "HOME" },
};
const home = { siteId: "HOME", timeZone: "Europe/London" };
const move = (requestId: string, collectAt: string) => ({
  requestId,
  collectAt,
  deliverAt: collectAt,
  lateMinutes: 0,
});

describe("chainLegs", () => {
  it("goes from home through each move, empty between them, and back home", () => {
    expect(
      chainLegs([move("a", "2027-06-01T08:00:00Z"), move("b", "2027-06-01T12:00:00Z")], lanes, home),
    ).toEqual([
      { fromSiteId: "HOME", toSiteId: "MAN", loaded: false },
      { fromSiteId: "MAN", toSiteId: "LDS", loaded: true },
      { fromSiteId: "LDS", toSiteId: "WRT", loaded: true },
      { fromSiteId: "WRT", toSiteId: "HOME", loaded: false },
    ]);
  });

  it("goes home at the end of a day, at the home's clock, and leaves out legs that stay put", () => {
    // 23:30 UTC on 1 June is 00:30 on 2 June in London: another shift.
    expect(
      chainLegs([move("a", "2027-06-01T08:00:00Z"), move("c", "2027-06-01T23:30:00Z")], lanes, home),
    ).toEqual([
      { fromSiteId: "HOME", toSiteId: "MAN", loaded: false },
      { fromSiteId: "MAN", toSiteId: "LDS", loaded: true },
      { fromSiteId: "LDS", toSiteId: "HOME", loaded: false },
      { fromSiteId: "HOME", toSiteId: "BHM", loaded: false },
      { fromSiteId: "BHM", toSiteId: "HOME", loaded: true },
    ]);
  });

  it("draws the moves and the legs between them when the driver has no home now", () => {
    expect(
      chainLegs([move("a", "2027-06-01T08:00:00Z"), move("c", "2027-06-01T12:00:00Z")], lanes, undefined),
    ).toEqual([
      { fromSiteId: "MAN", toSiteId: "LDS", loaded: true },
      { fromSiteId: "LDS", toSiteId: "BHM", loaded: false },
      { fromSiteId: "BHM", toSiteId: "HOME", loaded: true },
    ]);
  });
});
