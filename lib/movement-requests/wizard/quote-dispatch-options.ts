// Where a new request can go and what each choice is expected to cost: the planning pool (priced with
// the organisation's internal rate card) and each 3PL configured for the profile. Pure, with the same
// pricing as createMovementRequest, so the form shows the estimate live; the server prices it again on
// submit, and its estimate is the one stored.
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import type {
  WizardProvider,
  WizardRateCard,
  WizardSite,
} from "@/lib/movement-requests/wizard/wizard-options";
import type { Money } from "@/lib/movement-requests/money";

type Quote = {
  canFulfil: boolean;
  /** Absent when there is no rate card for the method (or the route is not chosen yet). */
  estimatedCost?: Money;
  /** Why there is no estimate, for people: "no rate card", "cannot fulfil", "route not chosen". */
  noEstimateReason?: "noRateCard" | "cannotFulfil" | "routeNotChosen";
};

export type DispatchQuote =
  | ({ to: "planningPool" } & Quote)
  | ({
      to: "thirdPartyLogistics";
      providerId: string;
      name: string;
      transportMethods: TransportMethod[];
    } & Quote);

export type QuoteInput = {
  origin: Pick<WizardSite, "latitude" | "longitude"> | undefined;
  destination: Pick<WizardSite, "latitude" | "longitude"> | undefined;
  transportMethod: TransportMethod;
  internalRateCards: WizardRateCard[];
  providers: WizardProvider[];
};

export function quoteDispatchOptions(input: QuoteInput): {
  distanceKm: number | undefined;
  quotes: DispatchQuote[];
} {
  const distanceKm =
    input.origin && input.destination ? greatCircleDistanceKm(input.origin, input.destination) : undefined;
  const price = (rateCards: WizardRateCard[], canFulfil: boolean): Quote => {
    if (!canFulfil) return { canFulfil, noEstimateReason: "cannotFulfil" };
    const rateCard = rateCards.find((card) => card.transportMethod === input.transportMethod);
    if (!rateCard) return { canFulfil, noEstimateReason: "noRateCard" };
    if (distanceKm === undefined) return { canFulfil, noEstimateReason: "routeNotChosen" };
    return { canFulfil, estimatedCost: estimateCost(rateCard, distanceKm) };
  };
  return {
    distanceKm,
    quotes: [
      // The pool takes any method: planners find a carrier later.
      { to: "planningPool", ...price(input.internalRateCards, true) },
      ...input.providers.map((provider): DispatchQuote => ({
        to: "thirdPartyLogistics",
        providerId: provider.id,
        name: provider.name,
        transportMethods: provider.transportMethods,
        ...price(provider.rateCards, provider.transportMethods.includes(input.transportMethod)),
      })),
    ],
  };
}
