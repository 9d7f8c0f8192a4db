// A driver's shifts over the planned days: one per working weekday that is not a day off, from the
// start to the end of their hours at their home site's clock (UTC when its zone is unknown).
import { fromDateOnly, toDateOnly, WEEKDAYS } from "@/lib/dates";
import { atLocal } from "@/lib/movement-requests/at-risk/request-times";
import type { PlanningDriver } from "@/lib/planning/model";

const DAY_MS = 86_400_000;

export type DriverShift = { day: string; start: number; end: number };

export function driverShifts(driver: PlanningDriver, from: string, to: string): DriverShift[] {
  const daysOff = new Set(driver.daysOff);
  const shifts: DriverShift[] = [];
  for (let day = fromDateOnly(from).getTime(); day <= fromDateOnly(to).getTime(); day += DAY_MS) {
    const date = new Date(day);
    const hours = driver.workingHours[WEEKDAYS[date.getUTCDay()]!];
    if (!hours || daysOff.has(toDateOnly(date))) continue;
    const start = clockAt(date, hours.start, driver.home.timeZone);
    const end = clockAt(date, hours.end, driver.home.timeZone);
    if (end > start) shifts.push({ day: toDateOnly(date), start, end });
  }
  return shifts;
}

function clockAt(date: Date, time: string, timeZone: string | null): number {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return atLocal(date, hour, minute, timeZone).getTime();
}
