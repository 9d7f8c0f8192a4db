// A delivery deadline must still be reachable (extensions section 4): not before today at the destination
// site (its clock, UTC when its zone cannot be resolved), and not before the day the vehicle is ready to
// collect. Refused with 400 INVALID_DELIVERY_DATE on create and PATCH, before anything is written.
import { AppError } from "@/lib/errors/app-error";
import { readyNowDefaults } from "@/lib/movement-requests/timeslots";

type SiteClock = { timezone: string | null; countryCode: string };

const FIELD = "destination.deliveryByDate";

/**
 * Dates are "YYYY-MM-DD", so they compare as strings. `checkToday` is false on a PATCH that leaves the
 * deadline as stored: an overdue request can still have its notes or ready date corrected.
 */
export function assertDeliveryDeadline(input: {
  deliveryByDate: string;
  readyToCollectFromDate: string;
  destination: SiteClock;
  now: Date;
  checkToday?: boolean;
}): void {
  const today = readyNowDefaults(input.destination, input.now).date;
  if ((input.checkToday ?? true) && input.deliveryByDate < today) {
    throw invalidDeadline(
      `deliveryByDate ${input.deliveryByDate} is in the past: it is already ${today} at the destination site.`,
      `Must be today (${today}) or later at the destination site`,
    );
  }
  if (input.deliveryByDate < input.readyToCollectFromDate) {
    throw invalidDeadline(
      `deliveryByDate ${input.deliveryByDate} is before the ready-to-collect date ${input.readyToCollectFromDate}.`,
      `Must be on or after the ready-to-collect date (${input.readyToCollectFromDate})`,
    );
  }
}

function invalidDeadline(message: string, fieldMessage: string): AppError {
  return new AppError("INVALID_DELIVERY_DATE", message, { errors: [{ path: FIELD, message: fieldMessage }] });
}
