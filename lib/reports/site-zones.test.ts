import { describe, expect, it } from "vitest";
import { dayIn, organisationZone } from "@/lib/reports/site-zones";

describe("the organisation's time zone", () => {
  it("is the zone most of its sites keep, the first by name on a tie, UTC without sites", () => {
    const zones = { a: "Europe/London", b: "Asia/Tokyo", c: "Europe/London", d: "UTC" };
    expect(organisationZone(zones)).toBe("Europe/London");
    expect(organisationZone({ a: "Europe/Paris", b: "Europe/Berlin" })).toBe("Europe/Berlin");
    expect(organisationZone({})).toBe("UTC");
  });

  it("is written into a statement only when it is a zone's name", () => {
    expect(() => dayIn("Europe/London", "r.createdAt")).not.toThrow();
    expect(() => dayIn("UTC'; DROP TABLE x; --", "r.createdAt")).toThrow("Not a time zone name");
  });
});
