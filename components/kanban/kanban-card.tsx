// One prep job on the board: registration and VIN, make and model, substage, time in stage with its
// ageing colour (also said in words: colour is never the only signal), its work items, and notes.
import type { ReactNode } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import { ClockIcon, NoteIcon } from "@/components/kanban/kanban-icons";
import { ReconLine } from "@/components/kanban/recon-line";
import type { AgeingThresholds } from "@/lib/prep-jobs/kanban/ageing";
import { substageLabel, type KanbanCard as Card } from "@/lib/prep-jobs/kanban/board";

const AGEING_STYLE = {
  ok: { edge: "border-l-emerald-500", pill: "bg-slate-100 text-slate-700" },
  amber: { edge: "border-l-amber-500", pill: "bg-amber-100 text-amber-900 ring-1 ring-amber-300" },
  red: { edge: "border-l-red-600", pill: "bg-red-100 text-red-900 ring-1 ring-red-300" },
  done: { edge: "border-l-slate-300", pill: "bg-slate-100 text-slate-600" },
} as const;

/** "over 48 h" (working hours when the label says "working"), against the card's own stage's thresholds. */
export function ageingWords(card: Card): string | null {
  if (card.ageing === "red") return `over ${card.ageingAfter.redHours} h`;
  if (card.ageing === "amber") return `over ${card.ageingAfter.amberHours} h`;
  return null;
}

export function KanbanCardView({
  card,
  size = "normal",
  handle,
  onOpen,
  className,
}: {
  card: Card;
  /**
   * @deprecated Each card carries its own stage's thresholds (`ageingAfter`); this is ignored and
   * goes once the workshop board stops passing it.
   */
  thresholds?: AgeingThresholds;
  size?: "normal" | "large";
  /** Opens the card's drawer: the registration becomes a button (the keyboard's way in). */
  onOpen?: () => void;
  /** The drag handle (interactive board only). */
  handle?: ReactNode;
  className?: string;
}) {
  const style = AGEING_STYLE[card.ageing];
  const large = size === "large";
  const vehicle = [card.make, card.model].filter(Boolean).join(" ");
  const words = ageingWords(card);
  const plate = card.vrm ?? <span className="text-slate-500">No registration</span>;
  return (
    <div
      className={cn(
        "rounded-lg border border-l-4 border-slate-200 bg-white shadow-sm",
        style.edge,
        large ? "px-4 py-3" : "px-3 py-2.5",
        className,
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p
            className={cn(
              "font-mono font-semibold tracking-wide text-slate-900",
              large ? "text-[1.7rem] leading-tight" : "text-base",
            )}
          >
            {onOpen ? (
              <button
                type="button"
                className={cn(
                  "-mx-1 rounded px-1 text-left hover:underline pointer-coarse:min-h-11",
                  focusRing,
                )}
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen();
                }}
              >
                {plate}
                <span className="sr-only">: details</span>
              </button>
            ) : (
              plate
            )}
          </p>
          <p
            className={cn("truncate text-slate-700", large ? "text-xl" : "text-sm")}
            title={card.modelVariant ? `${vehicle} ${card.modelVariant}` : undefined}
          >
            {vehicle || "Unknown vehicle"}
            {card.modelVariant ? <span className="sr-only">, {card.modelVariant}</span> : null}
          </p>
        </div>
        {handle}
      </div>
      <p className={cn("mt-0.5 truncate font-mono text-slate-500", large ? "text-base" : "text-xs")}>
        <span className="sr-only">VIN </span>
        {card.vin}
      </p>
      <div className={cn("flex flex-wrap items-center gap-1.5", large ? "mt-2" : "mt-2")}>
        {card.substage ? (
          <span
            className={cn(
              "rounded-full border border-slate-200 bg-slate-50 font-medium text-slate-600",
              large ? "px-2.5 py-0.5 text-base" : "px-2 py-0.5 text-xs",
            )}
          >
            {substageLabel(card.substage)}
          </span>
        ) : null}
        <span
          className={cn(
            "inline-flex items-center gap-1 rounded-full font-medium tabular-nums",
            style.pill,
            large ? "px-2.5 py-0.5 text-lg" : "px-2 py-0.5 text-xs",
          )}
          title={`In this stage since ${new Date(card.stageChangedAt).toLocaleString("en-GB")}`}
          data-ageing={card.ageing}
        >
          <ClockIcon className={large ? "size-5" : "size-3.5"} />
          <span aria-hidden="true">{card.timeInStage.label}</span>
          <span className="sr-only">{card.timeInStage.spoken} in this stage</span>
          {words ? <span className="font-semibold">· {words}</span> : null}
        </span>
      </div>
      {card.recon ? <ReconLine recon={card.recon} size={size} /> : null}
      {card.notes ? (
        <p
          className={cn(
            "mt-2 flex gap-1.5 text-slate-600",
            large ? "line-clamp-1 text-base" : "line-clamp-2 text-sm",
          )}
        >
          <NoteIcon className={cn("mt-0.5 shrink-0 text-slate-400", large ? "size-5" : "size-4")} />
          <span>
            <span className="sr-only">Notes: </span>
            {card.notes}
          </span>
        </p>
      ) : null}
    </div>
  );
}
