// Calendar dates travel as "YYYY-MM-DD" and are stored in DATE columns, which Prisma maps to a JS Date
// at UTC midnight. toDateOnly and fromDateOnly are the only conversions between the forms.
import { tz, TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";

/** Weekdays in Date.getUTCDay() order: opening hours, working hours. */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Monday first, as a working week reads (forms, rotas). */
export const WEEK_FROM_MONDAY: readonly Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

export function toDateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function fromDateOnly(value: string): Date {
  return new Date(`${value}T00:00:00.000Z`);
}

/** The instant a calendar date ("YYYY-MM-DD") begins in a time zone. */
export function startOfDayIn(value: string, timeZone: string): Date {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return new Date(wallClockMs(year, month - 1, day, 0, 0, timeZone));
}

const wallClockInstants = new Map<string, number>();
const MAX_WALL_CLOCK_INSTANTS = 100_000;

/**
 * The instant (epoch ms) of a wall-clock time on a calendar day in a zone; an hour of 24 or more rolls
 * into the next day. Memoised: a TZDate reads the zone's offset through Intl several times, and the
 * worker's passes ask for the same few days and hours across every open request once a minute.
 */
export function wallClockMs(
  year: number,
  monthIndex: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): number {
  const key = `${year}-${monthIndex}-${day} ${hour}:${minute} ${timeZone}`;
  let instant = wallClockInstants.get(key);
  if (instant === undefined) {
    if (wallClockInstants.size >= MAX_WALL_CLOCK_INSTANTS) wallClockInstants.clear();
    instant = new TZDate(year, monthIndex, day, hour, minute, timeZone).getTime();
    wallClockInstants.set(key, instant);
  }
  return instant;
}

/** The calendar date of an instant at a site (UTC when the site's zone is not known). */
export function localDate(instant: Date, timeZone: string | null): string {
  return format(instant, "yyyy-MM-dd", { in: tz(timeZone ?? "UTC") });
}

// For webhook occurredAtLocal. UTC is written "+00:00", not "Z", so the field always carries an offset
// in the same shape, whichever site it is about.
export function localDateAndOffset(
  instant: Date,
  timeZone: string | null,
): { date: string; isoLocal: string } {
  return {
    date: localDate(instant, timeZone),
    isoLocal: format(instant, "yyyy-MM-dd'T'HH:mm:ss.SSSxxx", { in: tz(timeZone ?? "UTC") }),
  };
}
