// Quiet hours: an organisation's customer messages are not sent between start and end ("HH:MM", in the
// destination site's time zone; a window may cross midnight, "21:00"–"08:00"). Client-safe.
export type QuietHours = { start: string; end: string };

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string): boolean {
  return HH_MM.test(value);
}

function minutesOf(value: string): number {
  const [, hours, minutes] = HH_MM.exec(value) ?? [];
  return Number(hours) * 60 + Number(minutes);
}

/** The minute of the day at `at` in the time zone. */
function localMinute(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return part("hour") * 60 + part("minute");
}

/**
 * When a message due at `at` may go: `at` itself outside quiet hours, else the minute they end (the
 * wall-clock distance to the end, so a clock change inside the window shifts it by that hour).
 */
export function endOfQuietHours(at: Date, quiet: QuietHours | null, timeZone: string): Date {
  if (!quiet) return at;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return at;
  const now = localMinute(at, timeZone);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return at;
  const wait = (end - now + 1440) % 1440;
  const minuteStart = Math.floor(at.getTime() / 60_000) * 60_000;
  return new Date(minuteStart + wait * 60_000);
}
