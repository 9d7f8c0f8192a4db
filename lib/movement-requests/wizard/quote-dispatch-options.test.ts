import { describe, expect, it } from "vitest";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { quoteDispatchOptions } from "@/lib/movement-requests/wizard/quote-dispatch-options";
import type { WizardProvider, WizardRateCard } from "@/lib/movement-requests/wizard/wizard-options";

const manchester = { latitude: 53.468, longitude: -2.311 };
const leeds = { latitude: 53.804, longitude: -1.579 };

const card = (
  transportMethod: WizardRateCard["transportMethod"],
  baseCostCents: number,
  perKmCostCents: number,
): WizardRateCard => ({ transportMethod, baseCostCents, perKmCostCents, currencyCode: "GBP" });

const internalRateCards = [card("DRIVEN", 2500, 60), card("TRANSPORTED", 6000, 120)];
const providers: WizardProvider[] = [
  {
    id: "swift",
    name: "SwiftMove Logistics",
    transportMethods: ["DRIVEN", "TRANSPORTED"],
    rateCards: [card("DRIVEN", 4500, 95), card("TRANSPORTED", 9500, 140)],
  },
  {
    id: "carcarrier",
    name: "CarCarrier UK",
    transportMethods: ["DRIVEN"],
    rateCards: [card("DRIVEN", 3900, 110)],
  },
  {
    id: "pennine",
    name: "Pennine Transport",
    transportMethods: ["DRIVEN", "TRANSPORTED"],
    rateCards: [card("DRIVEN", 4200, 88)],
  },
];

describe("quoteDispatchOptions", () => {
  it("prices the pool and each 3PL with the same formula as the create use case", () => {
    const { distanceKm, quotes } = quoteDispatchOptions({
      origin: manchester,
      destination: leeds,
      transportMethod: "TRANSPORTED",
      internalRateCards,
      providers,
    });
    const km = greatCircleDistanceKm(manchester, leeds);
    expect(distanceKm).toBe(km);
    expect(quotes).toEqual([
      { to: "planningPool", canFulfil: true, estimatedCost: estimateCost(internalRateCards[1], km) },
      {
        to: "thirdPartyLogistics",
        providerId: "swift",
        name: "SwiftMove Logistics",
        transportMethods: ["DRIVEN", "TRANSPORTED"],
        canFulfil: true,
        estimatedCost: estimateCost(providers[0]!.rateCards[1], km),
      },
      {
        to: "thirdPartyLogistics",
        providerId: "carcarrier",
        name: "CarCarrier UK",
        transportMethods: ["DRIVEN"],
        canFulfil: false,
        noEstimateReason: "cannotFulfil",
      },
      {
        to: "thirdPartyLogistics",
        providerId: "pennine",
        name: "Pennine Transport",
        transportMethods: ["DRIVEN", "TRANSPORTED"],
        canFulfil: true,
        noEstimateReason: "noRateCard",
      },
    ]);
  });

  it("lets every configured 3PL carry a driven vehicle, priced by its own card", () => {
    const { quotes } = quoteDispatchOptions({
      origin: manchester,
      destination: leeds,
      transportMethod: "DRIVEN",
      internalRateCards,
      providers,
    });
    expect(quotes.map((quote) => [quote.canFulfil, quote.estimatedCost?.centAmount])).toEqual([
      [true, Math.round(2500 + 60 * greatCircleDistanceKm(manchester, leeds))],
      [true, Math.round(4500 + 95 * greatCircleDistanceKm(manchester, leeds))],
      [true, Math.round(3900 + 110 * greatCircleDistanceKm(manchester, leeds))],
      [true, Math.round(4200 + 88 * greatCircleDistanceKm(manchester, leeds))],
    ]);
  });

  it("has no estimate for the pool without an internal rate card, nor before the route is chosen", () => {
    const withoutCards = quoteDispatchOptions({
      origin: manchester,
      destination: leeds,
      transportMethod: "DRIVEN",
      internalRateCards: [],
      providers: [],
    });
    expect(withoutCards.quotes).toEqual([
      { to: "planningPool", canFulfil: true, noEstimateReason: "noRateCard" },
    ]);
    const noRoute = quoteDispatchOptions({
      origin: manchester,
      destination: undefined,
      transportMethod: "DRIVEN",
      internalRateCards,
      providers: [],
    });
    expect(noRoute.distanceKm).toBeUndefined();
    expect(noRoute.quotes[0]).toEqual({
      to: "planningPool",
      canFulfil: true,
      noEstimateReason: "routeNotChosen",
    });
  });
});
