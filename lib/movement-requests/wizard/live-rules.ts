// The specification's slot rules, explained while the dispatcher types: what the API will store for the
// ready date and slot and for the delivery deadline. Pure (the clock is passed in), built on the same
// functions the create use case calls, so the form and the stored request cannot disagree.
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import {
  readyNowDefaults,
  resolveDeliveryBy,
  resolveReadyToCollect,
  timeslotOfTime,
  type Timeslot,
} from "@/lib/movement-requests/timeslots";
import { TIME_OF_DAY_PATTERN } from "@/lib/schemas/common";
import type { ReadyWhen } from "@/lib/movement-requests/wizard/wizard-schema";

export const TIMESLOT_LABEL: Record<Timeslot, string> = {
  ANYTIME: "Any time",
  AM: "AM (before 12:00)",
  PM: "PM (from 12:00)",
};

type SiteClock = { timezone: string | null; countryCode: string };

export type ReadyToCollectRule = {
  date: string;
  timeslot: Timeslot;
  /** The site's IANA zone; null when it cannot be resolved (several clocks in the country). */
  timeZone: string | null;
  /** Why the slot is what it is, for people. */
  reason: "readyNow" | "readyNowUnknownZone" | "dateToday" | "dateOnly" | "explicitSlot";
};

export function describeReadyToCollect(
  site: SiteClock,
  input: { readyWhen: ReadyWhen; date?: string; timeslot?: Timeslot },
  now: Date,
): ReadyToCollectRule {
  const timeZone = resolveSiteTimeZone(site);
  if (input.readyWhen === "now") {
    return {
      ...readyNowDefaults(site, now),
      timeZone,
      reason: timeZone ? "readyNow" : "readyNowUnknownZone",
    };
  }
  const resolved = resolveReadyToCollect({ date: input.date, timeslot: input.timeslot }, site, now);
  const today = readyNowDefaults(site, now).date;
  const reason = input.timeslot
    ? "explicitSlot"
    : resolved.date === today
      ? timeZone
        ? "dateToday"
        : "readyNowUnknownZone"
      : "dateOnly";
  return { ...resolved, timeZone, reason };
}

export type DeliveryByRule = {
  timeslot: Timeslot;
  time: string | null;
  /** The slot the time alone gives (before 12:00 AM, from 12:00 PM); null without a valid time. */
  slotOfTime: Timeslot | null;
  source: "explicitSlot" | "time" | "default";
  /** An explicit slot that differs from the time's: the slot wins (rule 3), the time stays the hours. */
  slotOverridesTime: boolean;
};

export function describeDeliveryBy(input: { deliveryByTime?: string; deliveryByTimeslot?: Timeslot }) {
  const time =
    input.deliveryByTime && TIME_OF_DAY_PATTERN.test(input.deliveryByTime) ? input.deliveryByTime : undefined;
  const resolved = resolveDeliveryBy({ deliveryByTime: time, deliveryByTimeslot: input.deliveryByTimeslot });
  const slotOfTime = time ? timeslotOfTime(time) : null;
  const source = input.deliveryByTimeslot ? "explicitSlot" : time ? "time" : "default";
  return {
    ...resolved,
    slotOfTime,
    source,
    slotOverridesTime: source === "explicitSlot" && slotOfTime !== null && slotOfTime !== resolved.timeslot,
  } satisfies DeliveryByRule;
}

/** Counted as the API counts: Unicode code points, so an emoji is one character. */
export function codePointLength(text: string | undefined): number {
  return text ? [...text].length : 0;
}
