"use client";
// A sortable column header: a button that says what it does, the direction shown by an arrow and
// announced through the header cell's aria-sort (set by DataTable).
import type { CellData, Column, RowData } from "@tanstack/react-table";
import { cn, focusRing } from "@/components/ui/cn";
import type { ServerTableFeatures } from "./features";

export function SortHeader<TData extends RowData, TValue extends CellData>({
  column,
  title,
}: {
  column: Column<ServerTableFeatures, TData, TValue> | undefined;
  title: string;
}) {
  if (!column?.getCanSort()) return <span>{title}</span>;
  const sorted = column.getIsSorted();
  const next =
    sorted === "asc"
      ? "descending"
      : sorted === "desc"
        ? "ascending"
        : column.getFirstSortDir() === "desc"
          ? "descending"
          : "ascending";
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      title={`Sort by ${title.toLowerCase()}, ${next}`}
      className={cn(
        "-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 whitespace-nowrap uppercase hover:bg-slate-200/70 hover:text-slate-900 pointer-coarse:min-h-11",
        sorted ? "text-slate-900" : undefined,
        focusRing,
      )}
    >
      {title}
      <SortArrow direction={sorted} />
    </button>
  );
}

function SortArrow({ direction }: { direction: false | "asc" | "desc" }) {
  return (
    <svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      className={cn("size-3.5 shrink-0", direction ? "text-blue-700" : "text-slate-400")}
    >
      <path
        d="M5 6.5 8 3.5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={direction === "desc" ? 0.3 : 1}
      />
      <path
        d="m5 9.5 3 3 3-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        opacity={direction === "asc" ? 0.3 : 1}
      />
    </svg>
  );
}
