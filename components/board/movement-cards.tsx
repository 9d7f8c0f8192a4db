"use client";
// The board on a phone: one card per movement request (vehicle, route, deadline, status, carrier),
// each a link that opens its details. Same rows, order and live highlight as the desktop table.
import Link from "next/link";
import type { ReactNode } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import type { BoardRow } from "@/lib/movement-requests/board/board-row";
import { ArrivalWindow } from "./arrival-window";
import { CarrierCell, Plate } from "./board-cells";
import { formatDate, formatSlot, makeModel } from "./format";
import { DeadlineBadge, StatusBadge } from "./status-badge";

export function MovementCards({
  rows,
  today,
  hrefForRow,
  activeRowId,
  changed,
  busy,
  empty,
}: {
  rows: BoardRow[];
  today: string;
  hrefForRow: (id: string) => string;
  activeRowId: string | null;
  /** Rows a live update just changed: highlighted for a moment. */
  changed: ReadonlySet<string>;
  busy: boolean;
  empty: ReactNode;
}) {
  if (rows.length === 0) {
    return <div className="rounded-lg border border-slate-200 bg-white">{empty}</div>;
  }
  return (
    <ul
      aria-label="Movement requests"
      aria-busy={busy || undefined}
      className={cn("space-y-2 transition-opacity", busy && "opacity-60")}
    >
      {rows.map((row) => (
        <li key={row.id} data-row-id={row.id}>
          <Link
            href={hrefForRow(row.id)}
            scroll={false}
            aria-current={row.id === activeRowId || undefined}
            className={cn(
              "block rounded-lg border border-slate-200 bg-white p-3 shadow-sm active:bg-slate-50",
              focusRing,
              changed.has(row.id) && "bg-amber-50",
              row.id === activeRowId && "border-blue-400 ring-1 ring-blue-400",
            )}
          >
            <MovementCard row={row} today={today} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function MovementCard({ row, today }: { row: BoardRow; today: string }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Plate vrm={row.vehicle.vrm} vin={row.vehicle.vin} />
          <div className="mt-0.5 truncate text-sm text-slate-700">
            {makeModel(row.vehicle) || <span className="text-slate-500">Make unknown</span>}
          </div>
        </div>
        <StatusBadge status={row.status} />
      </div>
      <div className="mt-2 text-sm text-slate-900">
        <span className="font-mono text-xs font-semibold">{row.origin.code}</span>
        <span aria-hidden="true" className="mx-1 text-slate-500">
          →
        </span>
        <span className="sr-only">to</span>
        <span className="font-mono text-xs font-semibold">{row.destination.code}</span>
        <span className="ml-2 text-xs text-slate-600">
          {row.origin.name} → {row.destination.name}
        </span>
      </div>
      <div className="mt-2 grid grid-cols-2 gap-2 text-sm">
        <div className="min-w-0">
          <div className="text-xs text-slate-500">Deadline</div>
          <div className={cn("font-medium", row.isLate ? "text-red-700" : "text-slate-900")}>
            {formatDate(row.dueDate, today)}{" "}
            <span className="text-xs font-normal text-slate-600">{formatSlot(row.dueSlot, row.dueTime)}</span>
          </div>
          <DeadlineBadge row={row} today={today} />
          {row.arrival ? (
            <div className="mt-1 text-xs text-slate-600">
              ETA <ArrivalWindow arrival={row.arrival} destination={row.destination.name} />
            </div>
          ) : null}
        </div>
        <div className="min-w-0">
          <div className="text-xs text-slate-500">Carrier</div>
          <CarrierCell row={row} />
        </div>
      </div>
    </>
  );
}
