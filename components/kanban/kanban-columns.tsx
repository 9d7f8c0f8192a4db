// The board's columns and substage groups, shared by the interactive board and the workshop screen.
// `renderCard` and `renderGroup` let the interactive board add drag handles and drop zones.
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { KanbanBoard, KanbanCard, KanbanColumn, KanbanGroup } from "@/lib/prep-jobs/kanban/board";

export function KanbanColumns({
  board,
  size = "normal",
  renderCard,
  renderGroup,
  maxCardsPerColumn,
}: {
  board: KanbanBoard;
  size?: "normal" | "large";
  renderCard: (card: KanbanCard) => ReactNode;
  /** Wraps a group's body (a drop zone on the interactive board). */
  renderGroup?: (column: KanbanColumn, group: KanbanGroup, body: ReactNode) => ReactNode;
  /** The workshop screen cannot scroll: it shows this many cards per column, then "+ N more". */
  maxCardsPerColumn?: number;
}) {
  const large = size === "large";
  return (
    <div className={cn("grid min-h-0 grid-cols-4", large ? "h-full gap-5" : "gap-4")}>
      {board.columns.map((column) => {
        const headingId = `kanban-column-${column.stage}`;
        let budget = maxCardsPerColumn ?? Number.POSITIVE_INFINITY;
        const single = column.groups.length === 1 && column.groups[0]?.substage === null;
        return (
          <section
            key={column.stage}
            aria-labelledby={headingId}
            className={cn(
              "flex min-h-0 flex-col rounded-xl border border-slate-200 bg-slate-100/80",
              large ? "overflow-hidden bg-slate-200/50 p-4" : "p-3",
            )}
            data-stage={column.stage}
          >
            <header className={cn("flex items-center justify-between", large ? "mb-3" : "mb-2 px-1")}>
              <h2
                id={headingId}
                className={cn("font-semibold text-slate-900", large ? "text-3xl" : "text-base")}
              >
                {column.label}
              </h2>
              <span
                className={cn(
                  "rounded-full bg-white font-semibold tabular-nums text-slate-700 ring-1 ring-slate-200",
                  large
                    ? "min-w-12 px-3 py-0.5 text-center text-2xl"
                    : "min-w-7 px-2 py-0.5 text-center text-sm",
                )}
                aria-label={`${column.count} ${column.count === 1 ? "job" : "jobs"}`}
                data-testid="column-count"
              >
                {column.count}
              </span>
            </header>
            <div className={cn("flex min-h-0 flex-1 flex-col", large ? "gap-4" : "gap-3")}>
              {column.groups.map((group) => {
                const visible = group.cards.slice(0, Math.max(0, budget));
                budget -= visible.length;
                const hidden = group.cards.length - visible.length;
                const body = (
                  <>
                    {single ? null : (
                      <h3
                        className={cn(
                          "flex items-center justify-between font-medium text-slate-600",
                          large ? "mb-2 text-xl" : "mb-1.5 px-1 text-xs tracking-wide uppercase",
                        )}
                      >
                        <span>{group.label}</span>
                        <span className="tabular-nums" aria-label={`${group.count} in ${group.label}`}>
                          {group.count}
                        </span>
                      </h3>
                    )}
                    {group.cards.length === 0 ? (
                      <p
                        className={cn(
                          "rounded-lg border border-dashed border-slate-300 text-center text-slate-600",
                          large ? "px-3 py-3 text-lg" : "px-2 py-3 text-xs",
                        )}
                      >
                        {single ? "No jobs" : "None"}
                      </p>
                    ) : (
                      <ul className={cn("flex flex-col", large ? "gap-3" : "gap-2")}>
                        {visible.map((card) => (
                          <li key={card.id}>{renderCard(card)}</li>
                        ))}
                      </ul>
                    )}
                    {hidden > 0 ? (
                      <p className={cn("mt-2 font-medium text-slate-600", large ? "text-xl" : "text-sm")}>
                        + {hidden} more
                      </p>
                    ) : null}
                  </>
                );
                const key = group.substage ?? "none";
                return (
                  <div key={key} className={cn(single && "flex flex-1 flex-col")}>
                    {renderGroup ? renderGroup(column, group, body) : body}
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}
