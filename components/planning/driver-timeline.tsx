// A driver's chain as bars on the hours of each shift day (lib/planning/plan-timeline.ts): each move from
// collection to delivery, red when late, labelled with its vehicle where it has room. The list beside it
// says the same in words and times, so the bars are hidden from screen readers.
import { cn } from "@/components/ui/cn";
import type { PlannedMove } from "@/lib/planning/model";
import { timelineDays, timelineHours } from "@/lib/planning/plan-timeline";

const dayLabel = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

export function DriverTimeline({
  moves,
  timeZone,
  vehicleOf,
}: {
  moves: readonly PlannedMove[];
  timeZone: string | null;
  vehicleOf: (requestId: string) => string;
}) {
  const days = timelineDays(moves, timeZone);
  const hours = timelineHours(days);
  const span = (hours.to - hours.from) * 60;
  const at = (minute: number) => `${((minute - hours.from * 60) / span) * 100}%`;
  const ticks = Array.from({ length: hours.to - hours.from + 1 }, (_, index) => hours.from + index).filter(
    (hour) => hour % 2 === 0,
  );
  return (
    <div aria-hidden="true" className="mt-2 flex flex-col gap-1" data-testid="driver-timeline">
      {days.map(({ day, moves: dayMoves }) => (
        <div key={day} className="grid grid-cols-[4.5rem_minmax(0,1fr)] items-center gap-2">
          <span className="text-xs text-slate-600">{dayLabel.format(new Date(`${day}T00:00:00Z`))}</span>
          <div className="relative h-7 rounded bg-slate-100">
            {ticks.map((hour) => (
              <span
                key={hour}
                className="absolute inset-y-0 border-l border-slate-200"
                style={{ left: at(hour * 60) }}
              />
            ))}
            {dayMoves.map((move) => (
              <span
                key={move.requestId}
                title={vehicleOf(move.requestId)}
                data-testid="timeline-move"
                className={cn(
                  "absolute inset-y-1 overflow-hidden rounded-sm px-1 text-[0.7rem] leading-5 whitespace-nowrap text-white",
                  move.lateMinutes > 0 ? "bg-red-600" : "bg-blue-600",
                )}
                style={{
                  left: at(move.startMinute),
                  width: at(hours.from * 60 + move.endMinute - move.startMinute),
                }}
              >
                {vehicleOf(move.requestId)}
              </span>
            ))}
          </div>
        </div>
      ))}
      <div className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-2">
        <span />
        <div className="relative h-4 text-[0.7rem] text-slate-500">
          {ticks.map((hour) => (
            <span key={hour} className="absolute -translate-x-1/2" style={{ left: at(hour * 60) }}>
              {String(hour).padStart(2, "0")}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
