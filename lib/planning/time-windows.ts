// The specification's timeslots as the instants a plan must respect, read the way the at-risk rule
// reads them (one reading in the product), each at its own site's clock:
// - collect from the ready date's slot: AM or ANYTIME from 08:00, PM from 12:00;
// - deliver by deliveryByTime when given (kept verbatim, rule 2), else 12:00 for AM, else the day's end;
// - deliverOnSpecifiedDate: not before that date's slot either (00:00, or 12:00 for PM), so the delivery
//   falls on the date itself.
import { fromDateOnly } from "@/lib/dates";
import { atLocal, deadlineOf, readyAt } from "@/lib/movement-requests/at-risk/request-times";
import type { PlanningRequest } from "@/lib/planning/model";

const NOON_HOUR = 12;

export type RequestWindows = {
  collectFrom: number;
  deliverBy: number;
  /** -Infinity unless the delivery must fall on the deadline's date. */
  deliverFrom: number;
};

export function requestWindows(request: PlanningRequest): RequestWindows {
  const originZone = request.origin.timeZone;
  const destinationZone = request.destination.timeZone;
  const dueDate = fromDateOnly(request.deliveryByDate);
  const deliverBy = deadlineOf(
    dueDate,
    request.deliveryByTimeslot,
    request.deliveryByTime,
    destinationZone,
  ).getTime();
  const slotStart = atLocal(
    dueDate,
    request.deliveryByTimeslot === "PM" ? NOON_HOUR : 0,
    0,
    destinationZone,
  ).getTime();
  return {
    collectFrom: readyAt(
      fromDateOnly(request.readyToCollectFromDate),
      request.readyToCollectFromTimeslot,
      originZone,
    ).getTime(),
    deliverBy,
    // An explicit PM slot with a morning deliveryByTime (rule 3) still ends at that time.
    deliverFrom: request.deliverOnSpecifiedDate ? Math.min(slotStart, deliverBy) : -Infinity,
  };
}
