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
import { formatMoney } from "@/lib/movement-requests/money";
import { formatDate, formatDayMonth, formatSlot, makeModel, vehicleName } from "./format";
import { ArrivalWindow } from "./arrival-window";
import { CarrierCell, DateCell, Plate, SiteCode, SlotTag } from "./board-cells";
import { PriceVariance } from "./price-variance";
import { DeadlineBadge, StatusBadge } from "./status-badge";

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
            <DeadlineBadge row={row} today={today} />
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
          {row.arrival ? (
            <>
              <dt className="text-slate-500">
                <abbr title="Estimated arrival, in the destination's time" className="no-underline">
                  ETA
                </abbr>
              </dt>
              <dd className="truncate text-slate-800" data-testid="board-eta">
                <ArrivalWindow arrival={row.arrival} destination={row.destination.name} />
              </dd>
            </>
          ) : null}
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
          <PriceVariance estimate={row.estimatedCost} final={row.cost} className="block" />
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
