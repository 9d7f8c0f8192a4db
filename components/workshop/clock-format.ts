// The workshop screen's times: 24-hour HH:MM in the screen's own time zone (it hangs at the site).
const CLOCK = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const DAY = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long" });

export function formatClock(instant: Date): string {
  return CLOCK.format(instant);
}

export function formatDay(instant: Date): string {
  return DAY.format(instant);
}
