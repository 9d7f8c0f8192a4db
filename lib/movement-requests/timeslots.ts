// Collection and delivery slots: the ready-now defaults of an origin site, the deliveryBy rules of the
// specification, and instants written at a site's offset. Pure: the clock is always passed in.
import { tz } from "@date-fns/tz";
import { getHours } from "date-fns/getHours";
import { localDate } from "@/lib/dates";
import { Timeslot } from "@/lib/generated/prisma/enums";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { TIME_OF_DAY_PATTERN } from "@/lib/schemas/common";

export type { Timeslot };

type SiteClock = { timezone: string | null; countryCode: string };
type DateAndTimeslot = { date: string; timeslot: Timeslot };

const NOON_HOUR = 12;

export function timeslotOfTime(time: string): Timeslot {
  if (!TIME_OF_DAY_PATTERN.test(time)) throw new RangeError(`Not a 24-hour HH:MM time: "${time}"`);
  return Number(time.slice(0, 2)) < NOON_HOUR ? Timeslot.AM : Timeslot.PM;
}

// "Ready now": today at the origin site, in the slot its clock is in. A site whose zone cannot be
// resolved has no local clock, so the slot is ANYTIME and "today" is the UTC date (extensions §3).
export function readyNowDefaults(site: SiteClock, now: Date): DateAndTimeslot {
  const timeZone = resolveSiteTimeZone(site);
  return { date: localDate(now, timeZone), timeslot: currentTimeslot(now, timeZone) };
}

// When only one of the two is given:
// - a date without a slot means "ready all that day" (ANYTIME), except when the date is today at the
//   site: then the vehicle is ready now, so the slot is the current one, as when both are omitted
//   (a morning slot that has already passed would otherwise be offered to the planners);
// - a slot without a date means that slot today at the site; the caller's slot is kept as given.
export function resolveReadyToCollect(
  input: { date?: string; timeslot?: Timeslot },
  site: SiteClock,
  now: Date,
): DateAndTimeslot {
  const readyNow = readyNowDefaults(site, now);
  const date = input.date ?? readyNow.date;
  if (input.timeslot) return { date, timeslot: input.timeslot };
  return { date, timeslot: date === readyNow.date ? readyNow.timeslot : Timeslot.ANYTIME };
}

// Specification rules 1–4: an explicit slot wins; otherwise the time decides it (before 12:00 AM,
// from 12:00 PM); neither gives ANYTIME. The time is always kept verbatim as the delivery hours.
export function resolveDeliveryBy(input: { deliveryByTimeslot?: Timeslot; deliveryByTime?: string }): {
  timeslot: Timeslot;
  time: string | null;
} {
  const time = input.deliveryByTime ?? null;
  const timeslot = input.deliveryByTimeslot ?? (time === null ? Timeslot.ANYTIME : timeslotOfTime(time));
  return { timeslot, time };
}

function currentTimeslot(now: Date, timeZone: string | null): Timeslot {
  if (timeZone === null) return Timeslot.ANYTIME;
  return getHours(now, { in: tz(timeZone) }) < NOON_HOUR ? Timeslot.AM : Timeslot.PM;
}
