"use client";
// One work item in the card drawer: its category, description and state in words, its estimate line by
// line with the total, the parts' expected date while it waits for them, the actual cost once done, and
// the moves its state allows (WorkItemMoves) beside its "Edit" (WorkItemEditor, given by the section).
import type { ReactNode } from "react";
import type { RunChange } from "@/components/kanban/work-items-section";
import { WorkItemMoves } from "@/components/kanban/work-item-moves";
import { WorkItemSublet } from "@/components/kanban/work-item-sublet";
import { CATEGORY_LABEL, LINE_KIND_LABEL, STATE_LABEL } from "@/components/kanban/work-item-words";
import { formatMinorUnits } from "@/lib/intl-formats";
import { cn } from "@/components/ui/cn";
import type { WorkItemState } from "@/lib/generated/prisma/enums";
import type { TransitionWorkItemBody, WorkItemResponse } from "@/lib/recon/schemas";

const STATE_STYLE: Partial<Record<WorkItemState, string>> = {
  AWAITING_APPROVAL: "bg-amber-100 text-amber-900 ring-amber-400",
  WAITING_PARTS: "bg-violet-100 text-violet-900 ring-violet-300",
  WAITING_SUBLET: "bg-sky-100 text-sky-900 ring-sky-300",
  DONE: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  DECLINED: "bg-slate-100 text-slate-700 ring-slate-300",
};

const day = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString("en-GB", { dateStyle: "medium" });

export function WorkItemEntry({
  item,
  canApprove,
  onMove,
  editor,
}: {
  item: WorkItemResponse;
  canApprove: boolean;
  onMove?: (body: TransitionWorkItemBody) => ReturnType<RunChange>;
  editor?: ReactNode;
}) {
  const money = (minor: number) => formatMinorUnits(minor, item.currency);
  return (
    <li
      className="rounded-lg bg-white px-3 py-2.5 text-sm ring-1 ring-slate-200"
      data-testid="work-item"
      data-state={item.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{CATEGORY_LABEL[item.category]}</p>
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-semibold ring-1",
            STATE_STYLE[item.state] ?? "bg-blue-50 text-blue-900 ring-blue-200",
          )}
          data-testid="work-item-state"
        >
          {STATE_LABEL[item.state]}
        </span>
      </div>
      <p className="mt-1 break-words whitespace-pre-wrap text-slate-800">{item.description}</p>
      {item.estimate.length > 0 ? (
        <ul className="mt-2 flex flex-col gap-0.5 text-slate-700" aria-label="Estimate">
          {item.estimate.map((line, index) => (
            <li key={index} className="flex justify-between gap-3">
              <span className="min-w-0 break-words">
                {LINE_KIND_LABEL[line.kind]}: {line.description}
                {line.hours !== undefined ? ` (${line.hours} h)` : ""}
              </span>
              <span className="shrink-0 tabular-nums">{money(line.amountCents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        <dt className="text-slate-600">Estimate</dt>
        <dd className="font-medium tabular-nums" data-testid="work-item-estimate">
          {money(item.estimatedCents)}
        </dd>
        {item.partsExpectedOn ? (
          <>
            <dt className="text-slate-600">Parts expected</dt>
            <dd>{day(item.partsExpectedOn)}</dd>
          </>
        ) : null}
        {item.actualCents !== null ? (
          <>
            <dt className="text-slate-600">Actual</dt>
            <dd className="font-medium tabular-nums" data-testid="work-item-actual">
              {money(item.actualCents)}
            </dd>
          </>
        ) : null}
      </dl>
      <WorkItemSublet item={item} />
      {/* "Edit" beside the moves; its form, when open, takes the whole width. */}
      <div className="flex flex-wrap items-start gap-x-2">
        {editor}
        {onMove ? <WorkItemMoves item={item} canApprove={canApprove} onMove={onMove} /> : null}
      </div>
    </li>
  );
}
