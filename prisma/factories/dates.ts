// Date-only columns (@db.Date) take a JS Date at UTC midnight.
const DAY_MS = 24 * 60 * 60 * 1000;

/** UTC midnight of the day `days` after the UTC date of `from`. */
export function utcDate(days = 0, from: Date = new Date()): Date {
  const midnight = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  return new Date(midnight + days * DAY_MS);
}

export function addHours(instant: Date, hours: number): Date {
  return new Date(instant.getTime() + hours * 60 * 60 * 1000);
}

/** "YYYY-MM-DD", `days` after today (UTC): a deadline that stays in the future whenever a test runs. */
export function dateOnlyFromToday(days: number): string {
  return utcDate(days).toISOString().slice(0, 10);
}
