// Working-hours ageing: the time a card has spent in its stage while its prep site was open. A site
// has opening hours per weekday in its own time zone and closed days (local dates); every other
// hour (nights, weekends, holidays) does not count. Pure and safe in client components: the board
// recomputes it every minute in the browser. docs/kanban.md explains the rules with an example.
import { TZDate } from "@date-fns/tz";
import { wallClockMs, WEEKDAYS, type Weekday } from "@/lib/dates";

/** "08:00" to "17:30" local time; "24:00" closes at midnight. */
export type OpeningInterval = { open: string; close: string };
/** A weekday that is absent (or empty) is closed all day. */
export type OpeningHours = Partial<Record<Weekday, OpeningInterval[]>>;

export type WorkingSchedule = {
  /** IANA zone the opening hours and closed days are in. */
  timeZone: string;
  openingHours: OpeningHours;
  /** Local dates ("2026-12-25") on which the site is closed all day. */
  closedDays: string[];
};

const DAY_MS = 86_400_000;
/** A job stuck longer than this is long past red anyway: stop walking the calendar. */
const MAX_DAYS = 3_660;

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** The instant of a local wall-clock time; minutes past 24:00 roll into the next day. */
function instant(date: { y: number; m: number; d: number }, minutes: number, timeZone: string): number {
  return wallClockMs(date.y, date.m, date.d, Math.floor(minutes / 60), minutes % 60, timeZone);
}

function isoDate({ y, m, d }: { y: number; m: number; d: number }): string {
  return `${y}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Open milliseconds between two instants under a site's schedule (0 when `end` is not after `start`). */
export function workingMsBetween(start: Date, end: Date, schedule: WorkingSchedule): number {
  if (end.getTime() <= start.getTime()) return 0;
  const { timeZone } = schedule;
  const closed = new Set(schedule.closedDays);
  const first = new TZDate(start.getTime(), timeZone);
  const last = new TZDate(end.getTime(), timeZone);
  // Walk the local calendar (zone-free arithmetic on y/m/d), clipping each day's open intervals to
  // [start, end]. Each interval is placed by its own local times, so a day that is 23 or 25 hours
  // long (a daylight-saving change) counts the open hours the clock on the wall shows.
  let day = Date.UTC(first.getFullYear(), first.getMonth(), first.getDate());
  const lastDay = Date.UTC(last.getFullYear(), last.getMonth(), last.getDate());
  let total = 0;
  for (let walked = 0; day <= lastDay && walked < MAX_DAYS; day += DAY_MS, walked++) {
    const utc = new Date(day);
    const date = { y: utc.getUTCFullYear(), m: utc.getUTCMonth(), d: utc.getUTCDate() };
    if (closed.has(isoDate(date))) continue;
    for (const interval of schedule.openingHours[WEEKDAYS[utc.getUTCDay()]!] ?? []) {
      const from = Math.max(instant(date, minutesOf(interval.open), timeZone), start.getTime());
      const to = Math.min(instant(date, minutesOf(interval.close), timeZone), end.getTime());
      if (to > from) total += to - from;
    }
  }
  return total;
}
