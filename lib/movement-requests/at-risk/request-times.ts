// The instants the at-risk rule compares, from a request's calendar dates and slots in each site's
// time zone (UTC where it cannot be resolved): ready from 08:00 (AM or any time) or 12:00 (PM); due
// by its delivery time, else 12:00 (AM), else the end of the day (PM or any time).
import { wallClockMs } from "@/lib/dates";
import type { Timeslot } from "@/lib/generated/prisma/enums";

const WORKDAY_START_HOUR = 8;
const NOON_HOUR = 12;

/** `hour`:`minute` on the calendar `date` (UTC midnight, as a DATE reads) in the zone (UTC when unknown). */
export function atLocal(date: Date, hour: number, minute: number, timeZone: string | null): Date {
  return new Date(
    wallClockMs(
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate(),
      hour,
      minute,
      timeZone ?? "UTC",
    ),
  );
}

/** `date` is a calendar date (UTC midnight, as the database returns a DATE). */
export function readyAt(date: Date, slot: Timeslot, timeZone: string | null): Date {
  return atLocal(date, slot === "PM" ? NOON_HOUR : WORKDAY_START_HOUR, 0, timeZone);
}

export function deadlineOf(date: Date, slot: Timeslot, time: string | null, timeZone: string | null): Date {
  if (time) {
    const [hour, minute] = time.split(":").map(Number);
    return atLocal(date, hour ?? 0, minute ?? 0, timeZone);
  }
  return atLocal(date, slot === "AM" ? NOON_HOUR : 24, 0, timeZone);
}
