// The wizard's values as exactly one of the two API bodies: the wizard-only choices are dropped, "ready
// now" omits the ready date and slot (the API's default), and the 3PL-only fields go only to a 3PL.
import type { DispatchTo, WizardValues } from "@/lib/movement-requests/wizard/wizard-schema";

/** A create body as sent, before the API's schema for that endpoint parses it. */
export type UnparsedCreateBody = { to: DispatchTo; body: Record<string, unknown> };

export function toCreateBody(values: WizardValues): UnparsedCreateBody {
  const {
    readyWhen,
    dispatchTo,
    profileId: _profileId,
    thirdPartyLogisticsProviderId,
    origin,
    destination,
    ...shared
  } = values;
  const { allowCollectionDateAdjustment, ...originFields } = origin;
  const { allowDeliveryDateAdjustment, ...destinationFields } = destination;
  const originBody =
    readyWhen === "now"
      ? { location: originFields.location }
      : withoutUndefined({
          location: originFields.location,
          readyToCollectFromDate: originFields.readyToCollectFromDate,
          readyToCollectFromTimeslot: originFields.readyToCollectFromTimeslot,
        });
  const common = withoutUndefined({ ...shared, vehicle: withoutUndefined(shared.vehicle) });

  if (dispatchTo === "planningPool") {
    return {
      to: "planningPool",
      body: { ...common, origin: originBody, destination: withoutUndefined(destinationFields) },
    };
  }
  return {
    to: "thirdPartyLogistics",
    body: {
      ...common,
      origin: withoutUndefined({ ...originBody, allowCollectionDateAdjustment }),
      destination: withoutUndefined({ ...destinationFields, allowDeliveryDateAdjustment }),
      thirdPartyLogisticsProviderId,
    },
  };
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
