"use client";
// The board's columns: vehicle, route, ready and deadline (with slots and the late flag), estimated
// dates, status, carrier, costs, age. Sorting is the server's: a column's id is its sort key.
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { Checkbox } from "@/components/data-table/checkbox";
import type { ServerTableFeatures } from "@/components/data-table/features";
import { SortHeader } from "@/components/data-table/sort-header";
import { cn, focusRing } from "@/components/ui/cn";
import type { BoardRow } from "@/lib/movement-requests/board/board-row";
import {
  daysFrom,
  formatDate,
  formatDayMonth,
  formatMoney,
  formatSlot,
  makeModel,
  vehicleName,
} from "./format";
import { LateBadge, StatusBadge } from "./status-badge";

export type BoardColumnContext = {
  today: string;
  /** Words every site name starts with (the organisation's name, usually): left out of the route line. */
  sitePrefix: string;
  /** The link that opens a row's details (keeps the rest of the URL). */
  hrefForRow: (id: string) => string;
};

const helper = createColumnHelper<ServerTableFeatures, BoardRow>();

export function boardColumns({ today, sitePrefix, hrefForRow }: BoardColumnContext) {
  const place = (name: string) =>
    sitePrefix && name.startsWith(sitePrefix) ? name.slice(sitePrefix.length) : name;
  return helper.columns([
    helper.display({
      id: "select",
      enableSorting: false,
      meta: { label: "Select", className: "w-9" },
      header: ({ table }) => (
        <Checkbox
          aria-label="Select every row on this page"
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={`Select ${vehicleName(row.original.vehicle)}`}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onChange={row.getToggleSelectedHandler()}
          className="mt-0.5"
        />
      ),
    }),
    helper.accessor((row) => row.vehicle.vrm ?? row.vehicle.vin ?? "", {
      id: "vehicle",
      meta: { className: "w-[12%]" },
      header: ({ column }) => <SortHeader column={column} title="Vehicle" />,
      cell: ({ row: { original: row } }) => (
        <div className="min-w-0">
          <Link
            href={hrefForRow(row.id)}
            scroll={false}
            className={cn(
              "inline-flex max-w-full rounded-sm font-semibold text-slate-900 hover:text-blue-700 hover:underline",
              focusRing,
            )}
          >
            <Plate vrm={row.vehicle.vrm} vin={row.vehicle.vin} />
          </Link>
          <div
            className="truncate text-xs text-slate-600"
            title={[makeModel(row.vehicle), row.vehicle.vin].filter(Boolean).join(" · ")}
          >
            {makeModel(row.vehicle) || <span className="text-slate-500">Make unknown</span>}
          </div>
        </div>
      ),
    }),
    helper.accessor((row) => row.origin.name, {
      id: "origin",
      meta: { className: "w-[15%]" },
      header: ({ table }) => (
        <span className="inline-flex items-center gap-1">
          <SortHeader column={table.getColumn("origin")} title="From" />
          <span aria-hidden="true" className="text-slate-400">
            →
          </span>
          <SortHeader column={table.getColumn("destination")} title="To" />
        </span>
      ),
      cell: ({ row: { original: row } }) => (
        <div className="min-w-0">
          <div className="flex items-center gap-1 font-medium whitespace-nowrap text-slate-900">
            <SiteCode site={row.origin} />
            <span aria-hidden="true" className="text-slate-500">
              →
            </span>
            <span className="sr-only">to</span>
            <SiteCode site={row.destination} />
          </div>
          <div
            className="truncate text-xs text-slate-600"
            title={`${row.origin.name} → ${row.destination.name}`}
          >
            {place(row.origin.name)} → {place(row.destination.name)}
          </div>
        </div>
      ),
    }),
    // Sorted through the route column's header; never shown on its own.
    helper.accessor((row) => row.destination.name, { id: "destination", header: "To", cell: () => null }),
    helper.accessor("readyDate", {
      id: "ready",
      sortDescFirst: false,
      meta: { className: "w-[8%] whitespace-nowrap" },
      header: ({ column }) => <SortHeader column={column} title="Ready" />,
      cell: ({ row: { original: row } }) => (
        <DateCell date={formatDate(row.readyDate, today)} detail={formatSlot(row.readySlot)} />
      ),
    }),
    helper.accessor("dueDate", {
      id: "due",
      sortDescFirst: false,
      meta: { className: "w-[11%] whitespace-nowrap" },
      header: ({ column }) => <SortHeader column={column} title="Deadline" />,
      cell: ({ row: { original: row } }) => (
        <div>
          <div className={cn("font-medium", row.isLate ? "text-red-700" : "text-slate-900")}>
            {formatDate(row.dueDate, today)}
          </div>
          <div className="flex items-center gap-1.5 text-xs text-slate-600">
            {formatSlot(row.dueSlot, row.dueTime)}
            {row.isLate ? <LateBadge days={-daysFrom(today, row.dueDate)} /> : null}
          </div>
        </div>
      ),
    }),
    helper.accessor((row) => row.estimatedDeliveryDate, {
      id: "estimatedDelivery",
      sortDescFirst: false,
      meta: { className: "w-[12%] whitespace-nowrap" },
      header: ({ column }) => <SortHeader column={column} title="Estimated" />,
      cell: ({ row: { original: row } }) => (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-1.5 text-xs leading-5">
          <dt className="text-slate-500">
            <abbr title="Estimated collection" className="no-underline">
              Coll.
            </abbr>
          </dt>
          <dd className="truncate text-slate-800">
            {formatDate(row.estimatedCollectionDate, today)} <SlotTag slot={row.estimatedCollectionSlot} />
          </dd>
          <dt className="text-slate-500">
            <abbr title="Estimated delivery" className="no-underline">
              Deliv.
            </abbr>
          </dt>
          <dd className="truncate text-slate-800">
            {formatDate(row.estimatedDeliveryDate, today)} <SlotTag slot={row.estimatedDeliverySlot} />
          </dd>
        </dl>
      ),
    }),
    helper.accessor("status", {
      id: "status",
      sortDescFirst: false,
      meta: { className: "w-[13%]" },
      header: ({ column }) => <SortHeader column={column} title="Status" />,
      cell: ({ row: { original: row } }) => <StatusBadge status={row.status} />,
    }),
    helper.display({
      id: "carrier",
      enableSorting: false,
      meta: { className: "w-[11%]" },
      header: "Carrier",
      cell: ({ row: { original: row } }) => <CarrierCell row={row} />,
    }),
    helper.accessor((row) => row.estimatedCost?.centAmount ?? null, {
      id: "estimatedCost",
      meta: { className: "w-[8%] whitespace-nowrap", align: "end" },
      header: ({ table }) => (
        <span className="inline-flex flex-col items-end gap-0.5">
          <SortHeader column={table.getColumn("estimatedCost")} title="Est." />
          <SortHeader column={table.getColumn("cost")} title="Cost" />
        </span>
      ),
      cell: ({ row: { original: row } }) => (
        <div>
          <div className="text-slate-700" title="Estimated cost">
            {formatMoney(row.estimatedCost)}
          </div>
          <div
            className={cn("text-xs", row.cost ? "font-semibold text-slate-900" : "text-slate-500")}
            title="Cost"
          >
            {row.cost ? (
              formatMoney(row.cost)
            ) : (
              <>
                <span aria-hidden="true">—</span>
                <span className="sr-only">No cost yet</span>
              </>
            )}
          </div>
        </div>
      ),
    }),
    helper.accessor((row) => row.cost?.centAmount ?? null, { id: "cost", header: "Cost", cell: () => null }),
    helper.accessor("createdAt", {
      id: "created",
      meta: { className: "w-[7%] whitespace-nowrap" },
      header: ({ column }) => <SortHeader column={column} title="Created" />,
      cell: ({ row: { original: row } }) => (
        <span className="text-xs text-slate-600" title={row.createdAt}>
          {formatDayMonth(row.createdAt.slice(0, 10), today)}
        </span>
      ),
    }),
  ]);
}

/** Columns that only carry a sort key for a combined header. */
export const HIDDEN_SORT_COLUMNS = new Set(["destination", "cost"]);

function Plate({ vrm, vin }: { vrm: string | null; vin: string | null }) {
  if (vrm) {
    return (
      <span className="truncate rounded-[3px] bg-amber-100 px-1.5 font-mono text-[13px] tracking-wide text-slate-950 ring-1 ring-amber-400/70 ring-inset">
        {vrm}
      </span>
    );
  }
  return <span className="truncate font-mono text-xs">{vin ?? "No VRM or VIN"}</span>;
}

/** AM / PM beside a date; nothing for "any time" (the usual case, and the default). */
function SlotTag({ slot }: { slot: BoardRow["readySlot"] | null }) {
  if (!slot || slot === "ANYTIME") return null;
  return <span className="text-[11px] font-medium text-slate-600">{slot}</span>;
}

function SiteCode({ site }: { site: BoardRow["origin"] }) {
  return (
    <abbr title={site.name} className="font-mono text-xs no-underline">
      {site.code}
    </abbr>
  );
}

function DateCell({ date, detail }: { date: string; detail: string }) {
  return (
    <div>
      <div className="text-slate-900">{date}</div>
      <div className="text-xs text-slate-600">{detail}</div>
    </div>
  );
}

function CarrierCell({ row }: { row: BoardRow }) {
  const { carrier } = row;
  const legs = row.legCount > 1 ? <div className="text-xs text-slate-500">{row.legCount} legs</div> : null;
  if (!carrier) {
    return (
      <div>
        <span className="text-xs text-slate-500 italic">Unassigned</span>
        {legs}
      </div>
    );
  }
  return (
    <div className="min-w-0">
      <div className="flex min-w-0 items-center gap-1.5 text-slate-900">
        {carrier.type === "DRIVER" ? <PersonGlyph /> : <TruckGlyph />}
        <span className="truncate" title={carrier.name}>
          {carrier.name}
        </span>
      </div>
      <div className="text-xs text-slate-500">
        {carrier.type === "DRIVER" ? "Own driver" : "Logistics partner"}
      </div>
      {legs}
    </div>
  );
}

function PersonGlyph() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0 text-slate-500">
      <circle cx="8" cy="5.2" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M3 13.5c.7-2.6 2.7-3.9 5-3.9s4.3 1.3 5 3.9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

function TruckGlyph() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className="size-3.5 shrink-0 text-slate-500">
      <path
        d="M1.5 11V4.5h8V11M9.5 6.5h2.6l2.4 2.6V11h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinejoin="round"
      />
      <circle cx="4.5" cy="11.5" r="1.3" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="11.5" cy="11.5" r="1.3" fill="none" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
