// One prep job on the workshop screen, read from 3 m: the registration in large mono type, the
// vehicle, its substage and its time in stage with the ageing colour (said in words too: colour is
// never the only signal). A column too full for cards shows each job as one line (WorkshopRow).
// Sizes are in rem: the screen's root font size follows the screen (app/globals.css).
import { cn } from "@/components/ui/cn";
import type { AgeingLevel } from "@/lib/prep-jobs/kanban/ageing";
import { substageLabel, type KanbanCard } from "@/lib/prep-jobs/kanban/board";

const AGEING_STYLE: Record<AgeingLevel, { edge: string; pill: string; words: string | null }> = {
  ok: { edge: "border-l-emerald-400", pill: "bg-slate-700 text-slate-50", words: null },
  amber: { edge: "border-l-amber-400", pill: "bg-amber-300 text-slate-950", words: "ageing" },
  red: { edge: "border-l-red-500", pill: "bg-red-700 text-white", words: "overdue" },
  done: { edge: "border-l-slate-500", pill: "bg-slate-700 text-slate-200", words: null },
};

function vehicleOf(card: KanbanCard): string {
  return [card.make, card.model].filter(Boolean).join(" ") || "Unknown vehicle";
}

function TimeInStage({ card, compact = false }: { card: KanbanCard; compact?: boolean }) {
  const style = AGEING_STYLE[card.ageing];
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1 rounded-full font-semibold whitespace-nowrap tabular-nums",
        style.pill,
        compact ? "px-2 text-sm" : "px-2.5 py-0.5 text-base",
      )}
      data-ageing={card.ageing}
    >
      <span aria-hidden="true">{compact ? card.timeInStage.short : card.timeInStage.label}</span>
      <span className="sr-only">{card.timeInStage.spoken} in this stage</span>
      {style.words ? <span>· {style.words}</span> : null}
    </span>
  );
}

export function WorkshopCard({ card, showSubstage }: { card: KanbanCard; showSubstage: boolean }) {
  return (
    <article
      className={cn(
        "rounded-lg border border-l-[0.4rem] border-slate-700 bg-slate-800 px-3 py-2",
        AGEING_STYLE[card.ageing].edge,
      )}
    >
      <p className="truncate font-mono text-[1.5rem] leading-tight font-semibold tracking-wide text-white">
        {card.vrm ?? <span className="text-slate-300">No registration</span>}
      </p>
      <p className="truncate text-lg leading-snug text-slate-200">{vehicleOf(card)}</p>
      <div className="mt-1 flex flex-wrap items-center gap-1.5">
        {showSubstage && card.substage ? (
          <span className="rounded-full border border-slate-500 px-2 py-0.5 text-base text-slate-100">
            {substageLabel(card.substage)}
          </span>
        ) : null}
        <TimeInStage card={card} />
      </div>
    </article>
  );
}

/**
 * The same job in one line, for a column with more jobs than fit as cards. The time drops "working"
 * (the footer says how time is counted) so that the pill fits a 1280 px screen's column.
 */
export function WorkshopRow({ card }: { card: KanbanCard }) {
  return (
    <div
      className={cn(
        "@container flex items-center justify-between gap-2 rounded-md border-l-[0.3rem] bg-slate-800 py-0.5 pr-1.5 pl-2",
        AGEING_STYLE[card.ageing].edge,
      )}
    >
      <span className="shrink-0 font-mono text-lg font-semibold text-white">{card.vrm ?? "—"}</span>
      {/* The vehicle only where the row has room for more than a letter or two of it. */}
      <span className="hidden min-w-0 flex-1 truncate text-base text-slate-200 @min-[22rem]:block">
        {vehicleOf(card)}
      </span>
      <TimeInStage card={card} compact />
    </div>
  );
}
