"use client";
// One stage on the workshop screen. Its header (stage and count) never shrinks; its jobs fill the rest
// as cards, as one line each, or one page of lines at a time, turning by itself (use-column-fit).
import { useEffect, useRef, useState } from "react";
import { useColumnFit } from "@/components/workshop/use-column-fit";
import { WorkshopCard, WorkshopRow } from "@/components/workshop/workshop-card";
import type { KanbanCard, KanbanColumn } from "@/lib/prep-jobs/kanban/board";

const PAGE_TURN_MS = 8_000;

export function WorkshopColumn({ column }: { column: KanbanColumn }) {
  const cards: KanbanCard[] = column.groups.flatMap((group) => group.cards);
  const showSubstage = column.groups.length > 1;
  const rows = useRef<HTMLUListElement>(null);
  const { box, fit } = useColumnFit(cards.map((card) => card.id).join(" "), rows);
  const size = fit.pageSize ?? cards.length;
  const pages = size > 0 ? Math.ceil(cards.length / size) : 1;
  const page = usePageTurner(pages);
  const shown = cards.slice(page * size, (page + 1) * size);
  const headingId = `workshop-column-${column.stage}`;
  const notShown = column.count - cards.length;

  return (
    <section
      aria-labelledby={headingId}
      className="flex min-h-0 min-w-0 flex-col rounded-xl bg-slate-900 p-3 ring-1 ring-slate-700"
      data-stage={column.stage}
      data-fit={fit.pageSize ? "pages" : fit.mode}
    >
      <header className="mb-2 flex shrink-0 items-center justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-2xl leading-tight font-semibold text-white">
          {column.label}
        </h2>
        <span
          className="shrink-0 rounded-full bg-slate-100 px-3 text-center text-2xl font-bold text-slate-950 tabular-nums"
          aria-label={`${column.count} ${column.count === 1 ? "job" : "jobs"}`}
          data-testid="column-count"
        >
          {column.count}
        </span>
      </header>
      <div ref={box} className="flex min-h-0 flex-1 flex-col overflow-hidden">
        {cards.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-600 px-3 py-3 text-center text-lg text-slate-300">
            No jobs
          </p>
        ) : (
          <ul ref={rows} className={fit.mode === "cards" ? "flex flex-col gap-2" : "flex flex-col gap-1"}>
            {shown.map((card) => (
              <li key={card.id} data-testid="workshop-job">
                {fit.mode === "cards" ? (
                  <WorkshopCard card={card} showSubstage={showSubstage} />
                ) : (
                  <WorkshopRow card={card} />
                )}
              </li>
            ))}
          </ul>
        )}
        {pages > 1 || notShown > 0 ? (
          <p className="mt-auto pt-1 text-base font-medium text-slate-300" data-testid="column-page">
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

/** The page on show: turns every few seconds, back to the first after the last. */
function usePageTurner(pages: number): number {
  const [turns, setTurns] = useState(0);
  useEffect(() => {
    if (pages <= 1) return;
    const timer = setInterval(() => setTurns((n) => n + 1), PAGE_TURN_MS);
    return () => clearInterval(timer);
  }, [pages]);
  return turns % pages;
}
