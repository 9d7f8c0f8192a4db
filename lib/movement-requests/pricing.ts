// Estimated cost of a movement (extensions §3): base + perKm × great-circle distance between the sites.
export type Coordinates = { latitude: number; longitude: number };
type RateCard = { baseCostCents: number; perKmCostCents: number; currencyCode: string };
import type { Money } from "@/lib/movement-requests/money";

// IUGG mean Earth radius: the sphere that best fits the ellipsoid on average, so the haversine error
// stays within about 0.5 % anywhere; road distance differs from this far more than that anyway.
const MEAN_EARTH_RADIUS_KM = 6371.0088;

export function greatCircleDistanceKm(a: Coordinates, b: Coordinates): number {
  const deltaLatitude = toRadians(b.latitude - a.latitude);
  const deltaLongitude = toRadians(b.longitude - a.longitude);
  const haversine =
    Math.sin(deltaLatitude / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(deltaLongitude / 2) ** 2;
  // The clamp keeps rounding error from pushing the root past 1 for (near) antipodal points.
  return 2 * MEAN_EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(haversine)));
}

// Whole minor units, rounded half up (Math.round): costs are never negative, so this is the usual
// commercial rounding, half away from zero.
export function estimateCost(rateCard: RateCard | null | undefined, distanceKm: number): Money | undefined {
  if (!rateCard) return undefined;
  return {
    centAmount: Math.round(rateCard.baseCostCents + rateCard.perKmCostCents * distanceKm),
    currencyCode: rateCard.currencyCode,
  };
}

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}
