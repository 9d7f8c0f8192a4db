import { describe, expect, it } from "vitest";
import { carrierMatches } from "@/lib/marketplace/matching";
import { parsePostcodeAreas, postcodeAreaOf } from "@/lib/marketplace/postcode-area";

const manchester = { postcode: "M1 1AA", countryCode: "GB" };
const leeds = { postcode: "LS1 4DY", countryCode: "GB" };
const plymouth = { postcode: "PL1 2AA", countryCode: "GB" };

describe("postcode areas", () => {
  it("takes the leading letters of a British postcode", () => {
    expect(postcodeAreaOf(manchester)).toBe("M");
    expect(postcodeAreaOf({ postcode: "ls1 4dy", countryCode: "GB" })).toBe("LS");
    expect(postcodeAreaOf({ postcode: "100-0005", countryCode: "JP" })).toBeNull();
    expect(postcodeAreaOf({ postcode: "??", countryCode: "GB" })).toBeNull();
  });

  it("reads a typed list", () => {
    expect(parsePostcodeAreas(" m, ls;B  m ")).toEqual(["B", "LS", "M"]);
  });
});

describe("carrierMatches", () => {
  const carrier = { transportMethods: ["DRIVEN"] as const, postcodeAreas: ["M"] };

  it("matches a served area at either end with an offered method", () => {
    expect(
      carrierMatches(carrier, { transportMethod: "DRIVEN", origin: manchester, destination: leeds }),
    ).toBe(true);
    expect(
      carrierMatches(carrier, { transportMethod: "DRIVEN", origin: leeds, destination: manchester }),
    ).toBe(true);
  });

  it("does not match another method or areas it does not serve", () => {
    expect(
      carrierMatches(carrier, { transportMethod: "TRANSPORTED", origin: manchester, destination: leeds }),
    ).toBe(false);
    expect(carrierMatches(carrier, { transportMethod: "DRIVEN", origin: leeds, destination: plymouth })).toBe(
      false,
    );
  });
});
