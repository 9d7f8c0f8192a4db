// The movement request's `estimatedArrival` (issue 35 §3, an extension): the worker's window at the
// destination's offset; before the worker's first look at a new request, its delivery date and slot;
// null once the request is finished.
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { windowFromSchedule, type EtaWindow } from "@/lib/movement-requests/eta/eta-window";
import type { MovementRequestWithLegs } from "@/lib/movement-requests/get-movement-request-or-throw";
import type { EstimatedArrival } from "@/lib/movement-requests/schemas";
import { localDateAndOffset } from "@/lib/dates";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

type RequestForArrival = Pick<
  MovementRequestWithLegs,
  | "status"
  | "destinationSite"
  | "storedEstimatedArrival"
  | "estimatedDeliveryDate"
  | "estimatedDeliveryTimeslot"
  | "deliveryByDate"
  | "deliveryByTimeslot"
  | "deliveryByTime"
>;

/** The window as instants (for the customer's "on its way"), or null once the request is finished. */
export function estimatedArrivalWindowOf(request: RequestForArrival): EtaWindow | null {
  if (TERMINAL_STATUSES.includes(request.status)) return null;
  return (
    request.storedEstimatedArrival ??
    windowFromSchedule({
      date: request.estimatedDeliveryDate ?? request.deliveryByDate,
      slot: request.estimatedDeliveryTimeslot ?? request.deliveryByTimeslot,
      time: request.deliveryByTime,
      timeZone: resolveSiteTimeZone(request.destinationSite),
    })
  );
}

export function estimatedArrivalOf(request: RequestForArrival): EstimatedArrival | null {
  const window = estimatedArrivalWindowOf(request);
  if (!window) return null;
  const timeZone = resolveSiteTimeZone(request.destinationSite);
  return {
    earliest: localDateAndOffset(window.earliest, timeZone).isoLocal,
    latest: localDateAndOffset(window.latest, timeZone).isoLocal,
    basis: window.basis,
  };
}
