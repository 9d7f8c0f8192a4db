import { describe, expect, it } from "vitest";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";

const london = { latitude: 51.5074, longitude: -0.1278 };
const manchester = { latitude: 53.4808, longitude: -2.2426 };

describe("greatCircleDistanceKm", () => {
  it("measures London to Manchester at about 262 km", () => {
    expect(Math.abs(greatCircleDistanceKm(london, manchester) - 262)).toBeLessThanOrEqual(1);
  });

  it("is the same both ways", () => {
    expect(greatCircleDistanceKm(manchester, london)).toBeCloseTo(
      greatCircleDistanceKm(london, manchester),
      9,
    );
  });

  it("is zero from a point to itself", () => {
    expect(greatCircleDistanceKm(london, london)).toBe(0);
  });

  it("is half the circumference between antipodes", () => {
    const antipodes = greatCircleDistanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 });
    expect(antipodes).toBeCloseTo(Math.PI * 6371.0088, 6);
    const poles = greatCircleDistanceKm({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 });
    expect(poles).toBeCloseTo(Math.PI * 6371.0088, 6);
  });

  it("takes the short way across the antimeridian", () => {
    const west = { latitude: 0, longitude: 179.5 };
    const east = { latitude: 0, longitude: -179.5 };
    expect(greatCircleDistanceKm(west, east)).toBeCloseTo((Math.PI * 6371.0088) / 180, 6);
  });
});

describe("estimateCost", () => {
  const rateCard = { baseCostCents: 5000, perKmCostCents: 120, currencyCode: "GBP" };

  it("is base plus per-km times distance, in the rate card's currency", () => {
    expect(estimateCost(rateCard, 262)).toEqual({ centAmount: 5000 + 120 * 262, currencyCode: "GBP" });
  });

  it("is the base cost for zero distance", () => {
    expect(estimateCost(rateCard, 0)).toEqual({ centAmount: 5000, currencyCode: "GBP" });
  });

  it("rounds to whole minor units, half up", () => {
    expect(estimateCost(rateCard, 10.004)).toEqual({ centAmount: 6200, currencyCode: "GBP" });
    expect(estimateCost(rateCard, 10.005)).toEqual({ centAmount: 6201, currencyCode: "GBP" });
    const oddRate = { baseCostCents: 0, perKmCostCents: 1, currencyCode: "EUR" };
    expect(estimateCost(oddRate, 2.5)).toEqual({ centAmount: 3, currencyCode: "EUR" });
    expect(estimateCost(oddRate, 2.49)).toEqual({ centAmount: 2, currencyCode: "EUR" });
  });

  it("prices a real journey as an integer", () => {
    const cost = estimateCost(rateCard, greatCircleDistanceKm(london, manchester));
    expect(Number.isInteger(cost?.centAmount)).toBe(true);
    expect(cost?.centAmount).toBeGreaterThan(5000 + 120 * 261);
    expect(cost?.centAmount).toBeLessThan(5000 + 120 * 263);
  });

  it("is absent without a rate card", () => {
    expect(estimateCost(null, 262)).toBeUndefined();
    expect(estimateCost(undefined, 262)).toBeUndefined();
  });
});
