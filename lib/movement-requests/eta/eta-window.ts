// The estimated arrival window of an open request (issue 35 §3; docs/tracking.md), from the best basis
// it has: its vehicle's recent position, else the usual durations its lane or transport method has
// shown (the at-risk rule's expected arrival), else its delivery date and slot. A window, not an
// instant: the earlier side is tighter than the later, because a vehicle is more often late than early.
import type { EtaBasis, Timeslot } from "@/lib/generated/prisma/enums";
import { expectedArrival, type AtRiskInput } from "@/lib/movement-requests/at-risk/at-risk-rule";
import { atLocal, deadlineOf } from "@/lib/movement-requests/at-risk/request-times";
import { greatCircleDistanceKm, type Coordinates } from "@/lib/movement-requests/pricing";

export type EtaWindow = { earliest: Date; latest: Date; basis: EtaBasis };
/** How a lane's roads run: road km per straight-line km, and the speed along them. */
export type Kinematics = { roadFactor: number; kmPerHour: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A position older than this no longer says where the vehicle is. */
export const RECENT_POSITION_MS = 30 * MINUTE;
/** Windows are whole multiples of this, so that a few seconds' drift does not move them. */
const ROUND_MS = 5 * MINUTE;

type Spread = { early: number; late: number; minEarlyMs: number; minLateMs: number };
/** Measured against the last position, the rest of the way is known well. */
const POSITION_SPREAD: Spread = { early: 0.1, late: 0.2, minEarlyMs: 5 * MINUTE, minLateMs: 10 * MINUTE };
/** The usual durations say less: a carrier still to be found, a collection still to be made. */
const HISTORY_SPREAD: Spread = { early: 0.15, late: 0.25, minEarlyMs: 15 * MINUTE, minLateMs: 30 * MINUTE };

export type PositionFix = Coordinates & { recordedAt: Date };

export type EtaInput = {
  now: Date;
  /** The at-risk rule's inputs: the phase the request is in, since when, and the usual durations. */
  journey: Omit<AtRiskInput, "now" | "usual">;
  usual: { durations: AtRiskInput["usual"]; learned: boolean };
  /** The leg on the road's last position, with the way left after that leg (later legs), if any. */
  position: {
    fix: PositionFix;
    legDestination: Coordinates;
    onwardKm: number;
    kinematics: Kinematics;
  } | null;
  schedule: { date: Date; slot: Timeslot; time: string | null; timeZone: string | null };
};

/** Null once the request will not move any more. */
export function estimateArrival(input: EtaInput): EtaWindow | null {
  const { now, journey, usual, position } = input;
  const arrival = expectedArrival({ ...journey, usual: usual.durations, now });
  if (arrival === null) return null;
  if (
    journey.status === "IN_PROGRESS" &&
    position !== null &&
    now.getTime() - position.fix.recordedAt.getTime() <= RECENT_POSITION_MS
  ) {
    return windowFromPosition(position, now);
  }
  if (usual.learned) return around(now, arrival.getTime() - now.getTime(), "HISTORY", HISTORY_SPREAD);
  return windowFromSchedule(input.schedule);
}

function windowFromPosition(position: NonNullable<EtaInput["position"]>, now: Date): EtaWindow {
  const { fix, legDestination, onwardKm, kinematics } = position;
  const roadKm = greatCircleDistanceKm(fix, legDestination) * kinematics.roadFactor + onwardKm;
  const arrivesAt = fix.recordedAt.getTime() + (roadKm / kinematics.kmPerHour) * HOUR;
  // A vehicle that should be there by now is expected now, not in the past.
  return around(now, Math.max(0, arrivesAt - now.getTime()), "POSITION", POSITION_SPREAD);
}

function around(now: Date, remainingMs: number, basis: EtaBasis, spread: Spread): EtaWindow {
  const point = now.getTime() + remainingMs;
  const earliest = Math.max(now.getTime(), point - Math.max(spread.minEarlyMs, spread.early * remainingMs));
  const latest = point + Math.max(spread.minLateMs, spread.late * remainingMs);
  // Rounded outwards; but a window never starts before this minute ("19:39", not "19:35" at 19:39).
  const thisMinute = Math.floor(now.getTime() / MINUTE) * MINUTE;
  return {
    earliest: new Date(Math.max(thisMinute, Math.floor(earliest / ROUND_MS) * ROUND_MS)),
    latest: new Date(Math.ceil(latest / ROUND_MS) * ROUND_MS),
    basis,
  };
}

/** The slot's hours at the destination: AM 08:00–12:00, PM 12:00–18:00, any time 08:00–18:00; a
 * delivery time ends it (and the window starts at most two hours before that). */
export function windowFromSchedule({ date, slot, time, timeZone }: EtaInput["schedule"]): EtaWindow {
  const at = (hour: number, minute = 0) => atLocal(date, hour, minute, timeZone);
  let earliest = at(slot === "PM" ? 12 : 8);
  let latest = at(slot === "AM" ? 12 : 18);
  if (time) {
    latest = deadlineOf(date, slot, time, timeZone);
    if (earliest >= latest) earliest = new Date(latest.getTime() - 2 * HOUR);
  }
  return { earliest, latest, basis: "SCHEDULE" };
}

/** Moved by this much at either end, a window is news: a webhook, a message to the customer. */
export const ANNOUNCE_STEP_MS = 30 * MINUTE;

export function movedEnough(
  from: { earliest: Date; latest: Date } | null,
  to: { earliest: Date; latest: Date },
): boolean {
  if (from === null) return false;
  return (
    Math.abs(from.earliest.getTime() - to.earliest.getTime()) >= ANNOUNCE_STEP_MS ||
    Math.abs(from.latest.getTime() - to.latest.getTime()) >= ANNOUNCE_STEP_MS
  );
}
