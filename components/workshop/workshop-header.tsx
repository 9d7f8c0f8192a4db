"use client";
// The top of the workshop screen: the site, how many vehicles it holds, the time now, and when the
// data on show was read, always visible (a clock that stops, or an old "updated", says the screen froze).
import { useNow } from "@/components/kanban/use-live-board";
import { formatClock, formatDay } from "@/components/workshop/clock-format";
import type { KanbanBoard } from "@/lib/prep-jobs/kanban/board";

export function WorkshopHeader({ board, dataFrom }: { board: KanbanBoard; dataFrom: string }) {
  const now = useNow(board.now, 1_000);
  return (
    <header className="flex shrink-0 items-end justify-between gap-6">
      <div className="min-w-0">
        <p className="text-lg font-medium tracking-wide text-slate-300 uppercase">
          Prep jobs · {board.site.code} · <span className="text-white tabular-nums">{board.total}</span>{" "}
          {board.total === 1 ? "vehicle" : "vehicles"}
        </p>
        <h1 className="truncate text-4xl leading-tight font-semibold text-white">{board.site.name}</h1>
      </div>
      <div className="flex shrink-0 items-end gap-6 text-right">
        <p className="text-lg text-slate-300" data-testid="last-update">
          Updated{" "}
          <time
            className="font-semibold text-white tabular-nums"
            dateTime={dataFrom}
            suppressHydrationWarning
          >
            {formatClock(new Date(dataFrom))}
          </time>
        </p>
        <div>
          <p className="text-4xl leading-tight font-semibold text-white tabular-nums" data-testid="clock">
            <time dateTime={now.toISOString()} suppressHydrationWarning>
              {formatClock(now)}
            </time>
          </p>
          <p className="text-base text-slate-300" suppressHydrationWarning>
            {formatDay(now)}
          </p>
        </div>
      </div>
    </header>
  );
}
