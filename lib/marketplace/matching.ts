// Which marketplace requests a carrier sees: the same organisation, a transport method it offers, and
// a postcode area it serves at either end (collecting there, or delivering there and going home).
import type { TransportMethod } from "@/lib/generated/prisma/enums";
import { postcodeAreaOf } from "@/lib/marketplace/postcode-area";

export type CarrierCoverage = {
  transportMethods: readonly TransportMethod[];
  postcodeAreas: readonly string[];
};

type SiteOfRequest = { postcode: string; countryCode: string };

export function carrierMatches(
  carrier: CarrierCoverage,
  request: { transportMethod: TransportMethod; origin: SiteOfRequest; destination: SiteOfRequest },
): boolean {
  if (!carrier.transportMethods.includes(request.transportMethod)) return false;
  return [request.origin, request.destination].some((site) => {
    const area = postcodeAreaOf(site);
    return area !== null && carrier.postcodeAreas.includes(area);
  });
}
