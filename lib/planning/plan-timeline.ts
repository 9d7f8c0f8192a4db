// A driver's chain as a timeline (the review's bars, components/planning/driver-timeline.tsx): each
// shift day at the home site's clock, each move from collection to delivery in minutes of that day, and
// the hours the day's axis spans. Pure: the board's client component draws it.
import type { PlannedMove } from "@/lib/planning/model";
import { shiftDay } from "@/lib/planning/plan-map";

export type TimelineMove = { requestId: string; startMinute: number; endMinute: number; lateMinutes: number };
export type TimelineDay = { day: string; moves: TimelineMove[] };

const MINUTES_PER_DAY = 24 * 60;

/** Minutes since the local midnight of the instant's own day, at the clock of `timeZone`. */
function minuteOfDay(timeZone: string | null): (instant: string) => number {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone: timeZone ?? "UTC",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return (instant) => {
    const [hour = "0", minute = "0"] = format.format(new Date(instant)).split(":");
    return Number(hour) * 60 + Number(minute);
  };
}

/** The moves by shift day, in order; a delivery after midnight runs to the end of its day's axis. */
export function timelineDays(moves: readonly PlannedMove[], timeZone: string | null): TimelineDay[] {
  const dayOf = shiftDay(timeZone);
  const minuteOf = minuteOfDay(timeZone);
  const days = new Map<string, TimelineMove[]>();
  for (const move of moves) {
    const day = dayOf(move.collectAt);
    const sameDay = dayOf(move.deliverAt) === day;
    const entry = {
      requestId: move.requestId,
      startMinute: minuteOf(move.collectAt),
      endMinute: sameDay ? minuteOf(move.deliverAt) : MINUTES_PER_DAY,
      lateMinutes: move.lateMinutes,
    };
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, dayMoves]) => ({ day, moves: dayMoves }));
}

/** Whole hours the axis spans: 06:00–18:00 at least, wider to hold every move of the days. */
export function timelineHours(days: readonly TimelineDay[]): { from: number; to: number } {
  const moves = days.flatMap((day) => day.moves);
  const earliest = Math.min(6 * 60, ...moves.map((move) => move.startMinute));
  const latest = Math.max(18 * 60, ...moves.map((move) => move.endMinute));
  return { from: Math.floor(earliest / 60), to: Math.min(24, Math.ceil(latest / 60)) };
}
