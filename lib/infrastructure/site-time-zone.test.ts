import { describe, expect, it } from "vitest";
import { resolveSiteTimeZone, timeZoneOfCountry } from "@/lib/infrastructure/site-time-zone";

describe("timeZoneOfCountry", () => {
  it("resolves a single-zone country", () => {
    expect(timeZoneOfCountry("GB")).toBe("Europe/London");
    expect(timeZoneOfCountry("jp")).toBe("Asia/Tokyo");
  });

  it("resolves a country whose zones all keep the same clock", () => {
    expect(timeZoneOfCountry("DE")).toBe("Europe/Berlin");
  });

  it("does not resolve a country with several clocks, or an unknown code", () => {
    expect(timeZoneOfCountry("US")).toBeNull();
    expect(timeZoneOfCountry("ES")).toBeNull();
    expect(timeZoneOfCountry("XX")).toBeNull();
  });
});

describe("resolveSiteTimeZone", () => {
  it("prefers the site's explicit zone", () => {
    expect(resolveSiteTimeZone({ timezone: "America/Chicago", countryCode: "US" })).toBe("America/Chicago");
    expect(resolveSiteTimeZone({ timezone: null, countryCode: "US" })).toBeNull();
  });
});
