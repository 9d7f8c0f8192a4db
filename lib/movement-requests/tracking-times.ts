// The tracking page's dates and times, in the time zone of the site each belongs to, zone named
// ("Tue 20 Jan, 14:05 GMT"). Pure and client-safe: the page re-renders them after each poll.
import type { Timeslot } from "@/lib/generated/prisma/enums";
import { dateTimeFormat } from "@/lib/intl-formats";
import type { TrackingDay } from "@/lib/movement-requests/get-tracking-view";

const SLOT_LABEL: Record<Timeslot, string | null> = { ANYTIME: null, AM: "morning", PM: "afternoon" };

export function formatTrackingInstant(iso: string, timeZone: string): string {
  return dateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
    timeZone,
  }).format(new Date(iso));
}

/** A calendar day at a site ("Tue 20 Jan, morning"): already local, so no zone to convert to. */
export function formatTrackingDay(day: TrackingDay, today: Date = new Date()): string {
  const at = new Date(`${day.date}T00:00:00Z`);
  // "Tue 5 Jan" read in December means next month to nobody: the year shows when it is not this one.
  const otherYear = at.getUTCFullYear() !== today.getUTCFullYear();
  const date = dateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(otherYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(at);
  const slot = day.timeslot ? SLOT_LABEL[day.timeslot] : null;
  return slot ? `${date}, ${slot}` : date;
}

/** When a carrier delivers: by a deadline, or on the day exactly (`deliverOnSpecifiedDate`). */
export type DeliveryDeadline = { date: string; timeslot: Timeslot; time: string | null; onTheDay: boolean };

/** "By Thu 3 Dec, 16:00", or "On Thu 3 Dec" for a fixed-date delivery: a time says more than a slot. */
export function formatDeliveryDeadline(deadline: DeliveryDeadline, today: Date = new Date()): string {
  const day = deadline.time
    ? `${formatTrackingDay({ date: deadline.date, timeslot: null }, today)}, ${deadline.time}`
    : formatTrackingDay(deadline, today);
  return `${deadline.onTheDay ? "On" : "By"} ${day}`;
}

/**
 * An arrival window in the destination's time ("Today, 14:10–14:45", "Tue 3 Dec, 12:00–18:00",
 * "Tue 3 Dec 22:00 – Wed 4 Dec 02:00"); the page names the zone beside it.
 */
export function formatArrivalWindow(
  window: { earliest: string; latest: string },
  timeZone: string,
  now: Date = new Date(),
): string {
  const dayFormat = dateTimeFormat("en-GB", { year: "numeric", month: "2-digit", day: "2-digit", timeZone });
  const timeFormat = dateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  });
  const weekdayFormat = dateTimeFormat("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone,
  });
  const dayOf = (instant: Date) => dayFormat.format(instant);
  const time = (instant: Date) => timeFormat.format(instant);
  const today = dayOf(now);
  const tomorrow = dayOf(new Date(now.getTime() + 86_400_000));
  const day = (instant: Date) => {
    const local = dayOf(instant);
    if (local === today) return "Today";
    if (local === tomorrow) return "Tomorrow";
    return weekdayFormat.format(instant);
  };
  const earliest = new Date(window.earliest);
  const latest = new Date(window.latest);
  if (dayOf(earliest) === dayOf(latest)) return `${day(earliest)}, ${time(earliest)}–${time(latest)}`;
  return `${day(earliest)} ${time(earliest)} – ${day(latest)} ${time(latest)}`;
}

/** The zone's everyday name at that instant, for "local time (GMT)": "GMT", "BST", "CET". */
export function timeZoneLabel(timeZone: string, at: Date): string {
  const parts = dateTimeFormat("en-GB", { timeZone, timeZoneName: "short" }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}
