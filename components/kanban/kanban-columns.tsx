// The board's columns and substage groups, shared by the interactive board and the workshop screen.
// `renderCard` and `renderGroup` let the interactive board add drag handles and drop zones. A group
// shows the cards the board carries (the oldest) and says how many more there are. The staff board
// is responsive: one stage on a phone, two on a tablet (`visible` picks them), four on a desktop.
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import type { PrepJobStage as Stage } from "@/lib/generated/prisma/enums";
import type { KanbanBoard, KanbanCard, KanbanColumn, KanbanGroup } from "@/lib/prep-jobs/kanban/board";

/** Column and count colours by WIP state, whole (cn does not merge: two backgrounds would both apply). */
const WIP_STYLE = {
  ok: { column: "border-slate-200 bg-slate-100/80", count: "bg-white text-slate-700 ring-slate-200" },
  at: { column: "border-amber-400 bg-amber-50", count: "bg-amber-200 text-amber-950 ring-amber-500" },
  over: { column: "border-red-400 bg-red-50", count: "bg-red-200 text-red-950 ring-red-500" },
} as const;

function columnCountLabel(column: KanbanColumn, showLimits: boolean): string {
  const jobs = `${column.count} ${column.count === 1 ? "job" : "jobs"}`;
  if (!showLimits || column.limit === null) return jobs;
  const state = column.wip === "over" ? ", over the limit" : column.wip === "at" ? ", at the limit" : "";
  return `${jobs} of a limit of ${column.limit}${state}`;
}

export function KanbanColumns({
  board,
  size = "normal",
  renderCard,
  renderGroup,
  maxCardsPerColumn,
  visible,
  showLimits = false,
}: {
  board: KanbanBoard;
  size?: "normal" | "large";
  renderCard: (card: KanbanCard) => ReactNode;
  /** Wraps a group's body (a drop zone on the interactive board). */
  renderGroup?: (column: KanbanColumn, group: KanbanGroup, body: ReactNode) => ReactNode;
  /** The workshop screen cannot scroll: it shows this many cards per column, then "+ N more". */
  maxCardsPerColumn?: number;
  /** Responsive staff board: the stages shown below the desktop width (the others are hidden). */
  visible?: { phone: Stage; tablet: readonly Stage[] };
  /** The column's WIP limit beside its count ("4 / 5"), amber at it and red over it. */
  showLimits?: boolean;
}) {
  const large = size === "large";
  return (
    <div
      className={cn(
        "grid min-h-0",
        visible ? "grid-cols-1 md:grid-cols-2 xl:grid-cols-4" : "grid-cols-4",
        large ? "h-full gap-5" : "gap-4",
      )}
    >
      {board.columns.map((column) => {
        const headingId = `kanban-column-${column.stage}`;
        let budget = maxCardsPerColumn ?? Number.POSITIVE_INFINITY;
        const single = column.groups.length === 1 && column.groups[0]?.substage === null;
        return (
          <section
            key={column.stage}
            aria-labelledby={headingId}
            className={cn(
              "flex min-h-0 min-w-0 flex-col rounded-xl border",
              WIP_STYLE[showLimits ? column.wip : "ok"].column,
              large ? "overflow-hidden bg-slate-200/50 p-4" : "p-3",
              visible && column.stage !== visible.phone && "max-md:hidden",
              visible && !visible.tablet.includes(column.stage) && "md:max-xl:hidden",
            )}
            data-stage={column.stage}
            data-wip={showLimits && column.limit !== null ? column.wip : undefined}
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
                  "rounded-full font-semibold tabular-nums ring-1",
                  WIP_STYLE[showLimits ? column.wip : "ok"].count,
                  large
                    ? "min-w-12 px-3 py-0.5 text-center text-2xl"
                    : "min-w-7 px-2 py-0.5 text-center text-sm",
                )}
                aria-label={columnCountLabel(column, showLimits)}
                data-testid="column-count"
              >
                {showLimits && column.limit !== null ? `${column.count} / ${column.limit}` : column.count}
              </span>
            </header>
            <div className={cn("flex min-h-0 flex-1 flex-col", large ? "gap-4" : "gap-3")}>
              {column.groups.map((group) => {
                const shown = group.cards.slice(0, Math.max(0, budget));
                budget -= shown.length;
                const hidden = group.count - shown.length;
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
                    {group.count === 0 ? (
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
                        {shown.map((card) => (
                          <li key={card.id}>{renderCard(card)}</li>
                        ))}
                      </ul>
                    )}
                    {hidden > 0 ? (
                      <p className={cn("mt-2 font-medium text-slate-600", large ? "text-xl" : "text-sm")}>
                        + {hidden} more{visible ? " · search to find one" : null}
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
