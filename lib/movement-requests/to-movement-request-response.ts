// Database row → the specification's movement request body. requestedBy is write-only and never
// appears here; trackingUrl only while the organisation has tracking enabled.
import { toDateOnly } from "@/lib/dates";
import { estimatedArrivalOf } from "@/lib/movement-requests/eta/estimated-arrival-body";
import type { MovementRequestWithLegs } from "@/lib/movement-requests/get-movement-request-or-throw";
import { currentLeg } from "@/lib/movement-requests/leg-transitions";
import { money } from "@/lib/movement-requests/money";
import type { MovementRequestResponse } from "@/lib/movement-requests/schemas";
import { trackingUrlOf } from "@/lib/schemas/tracking-url";

type Provider = NonNullable<MovementRequestResponse["provider"]>;

export function toMovementRequestResponse(request: MovementRequestWithLegs): MovementRequestResponse {
  const body: MovementRequestResponse = {
    id: request.id,
    vehicle: compact({
      vin: request.vin,
      vrm: request.vrm,
      externalVehicleId: request.externalVehicleId,
      make: request.make,
      model: request.model,
      modelVariant: request.modelVariant,
    }),
    origin: compact({
      location: { type: request.originType, siteId: request.originSiteId },
      readyToCollectFromTimeslot: request.readyToCollectFromTimeslot,
      readyToCollectFromDate: toDateOnly(request.readyToCollectFromDate),
      allowCollectionDateAdjustment: request.allowCollectionDateAdjustment,
      estimatedCollectionTimeslot: request.estimatedCollectionTimeslot,
      estimatedCollectionDate: request.estimatedCollectionDate && toDateOnly(request.estimatedCollectionDate),
    }),
    destination: compact({
      location: { type: request.destinationType, siteId: request.destinationSiteId },
      deliveryByDate: toDateOnly(request.deliveryByDate),
      deliveryByTimeslot: request.deliveryByTimeslot,
      deliveryByTime: request.deliveryByTime,
      deliverOnSpecifiedDate: request.deliverOnSpecifiedDate,
      allowDeliveryDateAdjustment: request.allowDeliveryDateAdjustment,
      estimatedDeliveryTimeslot: request.estimatedDeliveryTimeslot,
      estimatedDeliveryDate: request.estimatedDeliveryDate && toDateOnly(request.estimatedDeliveryDate),
    }),
    status: request.status,
    businessArea: request.businessArea,
    transportMethod: request.transportMethod,
    estimatedArrival: estimatedArrivalOf(request),
  };
  const optional = compact({
    ...body,
    completedOn: request.completedOn?.toISOString(),
    cost: money(request.costCents, request.costCurrency) ?? undefined,
    estimatedCost: money(request.estimatedCostCents, request.estimatedCostCurrency) ?? undefined,
    notes: request.notes,
    externalId: request.externalId,
    confirmedBy: request.confirmedBy,
    linkedJobInformation: request.linkedJobPin ? { pin: request.linkedJobPin } : undefined,
    provider: providerOf(request),
    trackingUrl: trackingUrlOf(request),
  });
  // Null, not absent, once the request is finished (compact would drop it).
  return { ...optional, estimatedArrival: body.estimatedArrival };
}

/**
 * The carrier of the current leg (the first one not yet delivered, else the last); else the
 * marketplace carrier whose bid won the request, with the agreed price.
 */
function providerOf(request: MovementRequestWithLegs): Provider | undefined {
  const leg = currentLeg(request.movements);
  if (leg?.provider) return { type: "THIRD_PARTY_LOGISTICS", id: leg.provider.id, name: leg.provider.name };
  if (leg?.driver) {
    return {
      type: "DRIVER",
      id: leg.driver.id,
      firstname: leg.driver.firstname,
      surname: leg.driver.surname,
    };
  }
  const award = request.marketplaceAward;
  if (award) {
    return {
      type: "MARKETPLACE",
      id: award.carrierId,
      name: award.carrierName,
      agreedPrice: { centAmount: award.priceCents, currencyCode: award.currency },
    };
  }
  return undefined;
}

/** Drops null and undefined members: the specification's optional fields are absent, never null. */
function compact<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(
    Object.entries(value).filter(([, member]) => member !== null && member !== undefined),
  ) as {
    [K in keyof T]: Exclude<T[K], null>;
  };
}
