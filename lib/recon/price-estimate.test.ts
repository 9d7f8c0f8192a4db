import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { assertSiteCurrency, priceActualCost, priceEstimate, totalCents } from "@/lib/recon/price-estimate";
import type { ReconSettings } from "@/lib/recon/recon-settings";

const site: ReconSettings = {
  labourRateCents: 6_550,
  currency: "GBP",
  autoApproveBelowCents: 20_000,
  outboundWithOpenItems: "WARN_AND_RECORD",
};

describe("priceEstimate", () => {
  it("keeps parts and sublet amounts, and prices labour hours at the site's rate, to the minor unit", () => {
    const lines = priceEstimate(
      [
        { kind: "PARTS", description: "Pads", amountCents: 4_999 },
        { kind: "LABOUR", description: "Fit", hours: 1.25 },
        { kind: "LABOUR", description: "Road test", hours: 0.4 },
        { kind: "SUBLET", description: "Alloys", amountCents: 32_000 },
      ],
      site,
    );
    expect(lines).toEqual([
      { kind: "PARTS", description: "Pads", amountCents: 4_999 },
      { kind: "LABOUR", description: "Fit", amountCents: 8_188, hours: 1.25 },
      { kind: "LABOUR", description: "Road test", amountCents: 2_620, hours: 0.4 },
      { kind: "SUBLET", description: "Alloys", amountCents: 32_000 },
    ]);
    expect(totalCents(lines)).toBe(4_999 + 8_188 + 2_620 + 32_000);
  });

  it("refuses labour at a site without a labour rate, naming the line", () => {
    const noRate = { ...site, labourRateCents: null };
    expect(priceEstimate([{ kind: "PARTS", description: "Pads", amountCents: 1 }], noRate)).toHaveLength(1);
    let thrown: unknown;
    try {
      priceEstimate(
        [
          { kind: "PARTS", description: "Pads", amountCents: 1 },
          { kind: "LABOUR", description: "Fit", hours: 1 },
        ],
        noRate,
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).errors).toEqual([
      { path: "estimate.1.hours", message: "No labour rate at this prep site" },
    ]);
  });
});

describe("priceActualCost", () => {
  it("adds the parts, the hours at the rate and the sublet invoice; no hours needs no rate", () => {
    expect(priceActualCost({ partsCents: 1_000, hours: 2, subletCents: 500 }, site)).toBe(
      1_000 + 13_100 + 500,
    );
    expect(
      priceActualCost({ partsCents: 0, hours: 0, subletCents: 5_485 }, { ...site, labourRateCents: null }),
    ).toBe(5_485);
  });
});

describe("assertSiteCurrency", () => {
  it("takes the site's currency or none, and refuses another", () => {
    expect(() => assertSiteCurrency(undefined, site)).not.toThrow();
    expect(() => assertSiteCurrency("GBP", site)).not.toThrow();
    expect(() => assertSiteCurrency("EUR", site)).toThrow("This prep site estimates in GBP, not EUR.");
  });
});
