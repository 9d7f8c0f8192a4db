// One prep job on the workshop screen, read from 3 m: the registration in large mono type, the
// vehicle, its substage and its time in stage with the ageing colour (said in words on a card, by a
// shape on a one-line row: colour is never the only signal). A column too full for cards shows each
// job as one line (WorkshopRow). Sizes are in rem: the screen's root font size follows the screen
// (app/globals.css), so the time pills are 20 px at 1280×720, 30 px at 1920×1080 and 60 px at 4K.
// A card also says what its work items wait for (an approval, parts, a sublet) and how many are done; a
// row says what they wait for on a line of its own under the registration, in the same large type.
import { WAITING_LABEL } from "@/components/kanban/recon-line";
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

/**
 * The ageing as a shape, where a row has no room for the word: a triangle for ageing, an octagon for
 * overdue (the footer's legend says which is which).
 */
function AgeingShape({ level }: { level: AgeingLevel }) {
  if (level !== "amber" && level !== "red") return null;
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-[1em] shrink-0">
      {level === "amber" ? (
        <path d="M12 2.5 23 21.5H1Z" fill="currentColor" />
      ) : (
        <path d="M7.5 1.5h9l6 6v9l-6 6h-9l-6-6v-9Z" fill="currentColor" />
      )}
      {/* The mark in the pill's own colour, cut out of the shape. */}
      <path
        d="M12 8.5v6M12 17.5v.5"
        strokeWidth="2.6"
        strokeLinecap="round"
        className={level === "amber" ? "stroke-amber-300" : "stroke-red-700"}
      />
    </svg>
  );
}

/** A row's ageing shape in its pill's colours, for the footer's legend. */
export function AgeingShapeKey({ level }: { level: "amber" | "red" }) {
  return (
    <span className={cn("inline-flex rounded-full px-1 align-[-0.2em]", AGEING_STYLE[level].pill)}>
      <AgeingShape level={level} />
    </span>
  );
}

/** The time pill; on a card the ageing word follows in a pill of its own, which wraps when narrow. */
function TimeInStage({ card, compact = false }: { card: KanbanCard; compact?: boolean }) {
  const style = AGEING_STYLE[card.ageing];
  const pill = cn(
    "inline-flex shrink-0 items-center gap-1 rounded-full text-xl font-semibold whitespace-nowrap tabular-nums",
    style.pill,
    compact ? "px-2" : "px-2.5 py-0.5",
  );
  return (
    <>
      <span className={pill} data-ageing={card.ageing} data-testid="time-pill">
        <span aria-hidden="true">{compact ? card.timeInStage.short : card.timeInStage.label}</span>
        <span className="sr-only">{card.timeInStage.spoken} in this stage</span>
        {style.words && compact ? (
          <>
            <AgeingShape level={card.ageing} />
            <span className="sr-only">, {style.words}</span>
          </>
        ) : null}
      </span>
      {style.words && !compact ? <span className={pill}>{style.words}</span> : null}
    </>
  );
}

/** What the job's work items wait for, in words in a light pill; nothing when they wait for nothing. */
function WaitingPill({ card }: { card: KanbanCard }) {
  const waitingFor = card.recon?.waitingFor;
  if (!waitingFor) return null;
  return (
    <span
      className="inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-lg leading-snug font-semibold whitespace-nowrap text-slate-950"
      data-testid="waiting-pill"
      data-waiting={waitingFor}
    >
      {WAITING_LABEL[waitingFor]}
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
          <span className="rounded-full border border-slate-500 px-2 py-0.5 text-lg text-slate-100">
            {substageLabel(card.substage)}
          </span>
        ) : null}
        <TimeInStage card={card} />
        <WaitingPill card={card} />
        {card.recon ? (
          <span className="text-lg text-slate-200 tabular-nums">
            {card.recon.done}/{card.recon.items} done
          </span>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The same job in one line, for a column with more jobs than fit as cards. The time is to the hour and
 * drops "working" (the footer says how time is counted), and the ageing is a shape, so that the
 * registration and the pill fit a column in the same large type on every screen. What its work items
 * wait for has no room beside them (a column is about 17 rem wide on any 16:9 screen), so it takes a
 * second line, in the card's words and type.
 */
export function WorkshopRow({ card }: { card: KanbanCard }) {
  return (
    <div
      className={cn(
        "@container rounded-md border-l-[0.3rem] bg-slate-800 py-0.5 pr-1.5 pl-2",
        AGEING_STYLE[card.ageing].edge,
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="shrink-0 font-mono text-xl font-semibold text-white">{card.vrm ?? "—"}</span>
        {/* The vehicle only where the row has room for more than a letter or two of it. */}
        <span className="hidden min-w-0 flex-1 truncate text-lg text-slate-200 @min-[24rem]:block">
          {vehicleOf(card)}
        </span>
        <TimeInStage card={card} compact />
      </div>
      {card.recon?.waitingFor ? (
        <div className="pb-0.5">
          <WaitingPill card={card} />
        </div>
      ) : null}
    </div>
  );
}
