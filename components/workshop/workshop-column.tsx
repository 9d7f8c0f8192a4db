"use client";
// One stage on the workshop screen. Its header (stage, count and the site's WIP limit, amber at it and
// red over it, said in words too) never shrinks; its jobs fill the rest as cards, as cards for the
// longest in stage and one line each for the others, as one line each, or one page of lines at a time,
// turning by itself (use-column-fit).
import { useEffect, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { useColumnFit } from "@/components/workshop/use-column-fit";
import { WorkshopCard, WorkshopRow } from "@/components/workshop/workshop-card";
import type { KanbanCard, KanbanColumn } from "@/lib/prep-jobs/kanban/board";
import type { WipState } from "@/lib/prep-jobs/kanban/kanban-settings";

const PAGE_TURN_MS = 8_000;

/** The column's frame, count and words by its WIP state (cn does not merge: each whole). */
const WIP_LOOK: Record<WipState, { frame: string; count: string; words: string | null; ink: string }> = {
  ok: { frame: "ring-1 ring-slate-700", count: "bg-slate-100 text-slate-950", words: null, ink: "" },
  at: {
    frame: "ring-2 ring-amber-400",
    count: "bg-amber-300 text-slate-950",
    words: "At the WIP limit",
    ink: "text-amber-300",
  },
  over: {
    frame: "ring-2 ring-red-500",
    count: "bg-red-600 text-white",
    words: "Over the WIP limit",
    ink: "text-red-300",
  },
};

function countLabel(column: KanbanColumn): string {
  const jobs = `${column.count} ${column.count === 1 ? "job" : "jobs"}`;
  return column.limit === null ? jobs : `${jobs} of a limit of ${column.limit}`;
}

export function WorkshopColumn({ column }: { column: KanbanColumn }) {
  const cards: KanbanCard[] = column.groups.flatMap((group) => group.cards);
  const showSubstage = column.groups.length > 1;
  const rows = useRef<HTMLUListElement>(null);
  const [turns, setTurns] = useState(0);
  const { box, fit } = useColumnFit(cards.map(fitKey).join(" "), String(turns), rows);
  const size = fit.pageSize ?? cards.length;
  const pages = size > 0 ? Math.ceil(cards.length / size) : 1;
  useTurningPages(setTurns);
  const page = turns % pages;
  const shown = cards.slice(page * size, (page + 1) * size);
  const asCards = Math.min(fit.cards, shown.length);
  const headingId = `workshop-column-${column.stage}`;
  const notShown = column.count - cards.length;
  const wip = WIP_LOOK[column.wip];

  return (
    <section
      aria-labelledby={headingId}
      className={cn("flex min-h-0 min-w-0 flex-col rounded-xl bg-slate-900 p-3", wip.frame)}
      data-stage={column.stage}
      data-fit={fit.pageSize ? "pages" : asCards === shown.length ? "cards" : asCards > 0 ? "mixed" : "rows"}
      data-wip={column.limit === null ? undefined : column.wip}
    >
      <header className="mb-2 flex shrink-0 items-center justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-2xl leading-tight font-semibold text-white">
          {column.label}
        </h2>
        <span
          className={cn(
            "shrink-0 rounded-full px-3 text-center text-2xl font-bold whitespace-nowrap tabular-nums",
            wip.count,
          )}
          aria-label={countLabel(column)}
          data-testid="column-count"
        >
          {column.limit === null ? column.count : `${column.count} / ${column.limit}`}
        </span>
      </header>
      {wip.words ? (
        <p className={cn("-mt-1 mb-2 shrink-0 text-xl font-semibold", wip.ink)} data-testid="column-wip">
          {wip.words}
        </p>
      ) : null}
      <div ref={box} className="flex min-h-0 flex-1 flex-col overflow-hidden">
        {cards.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-600 px-3 py-3 text-center text-lg text-slate-300">
            No jobs
          </p>
        ) : (
          <ul ref={rows} className={asCards > 0 ? "flex flex-col gap-2" : "flex flex-col gap-1"}>
            {shown.map((card, index) => (
              <li key={card.id} data-testid="workshop-job" data-kind={index < asCards ? "card" : "row"}>
                {index < asCards ? (
                  <WorkshopCard card={card} showSubstage={showSubstage} />
                ) : (
                  <WorkshopRow card={card} />
                )}
              </li>
            ))}
          </ul>
        )}
        {pages > 1 || notShown > 0 ? (
          <p className="mt-auto pt-1 text-lg font-medium text-slate-300" data-testid="column-page">
            {pages > 1 ? (
              <>
                {page * size + 1}–{Math.min(cards.length, (page + 1) * size)} of {cards.length}
                {notShown > 0 ? " longest in stage" : null}
              </>
            ) : null}
            {/* The board sends each substage's longest-waiting jobs only (get-kanban-board.ts). */}
            {notShown > 0 ? (
              <>
                {" "}
                {pages > 1 ? "· " : ""}+{notShown} more
              </>
            ) : null}
            {pages > 1 ? (
              <span aria-hidden="true">
                {" "}
                · page {page + 1}/{pages}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** What changes a job's height on the screen: which job, its time and ageing, its work items. */
function fitKey(card: KanbanCard): string {
  const recon = card.recon ? `${card.recon.waitingFor ?? ""}${card.recon.done}/${card.recon.items}` : "";
  return `${card.id}:${card.timeInStage.label}:${card.ageing}:${recon}`;
}

/**
 * Turns the page every few seconds (the page on show is turns % pages). It ticks whatever the number of
 * pages, so that measuring again (which goes through one page for a moment) does not restart its time.
 */
function useTurningPages(setTurns: (turn: (turns: number) => number) => void): void {
  useEffect(() => {
    const timer = setInterval(() => setTurns((n) => n + 1), PAGE_TURN_MS);
    return () => clearInterval(timer);
  }, [setTurns]);
}
