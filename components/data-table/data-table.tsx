"use client";
// A dense, keyboard-friendly table over a TanStack Table instance whose rows the server already sorted
// and paged. Rows are a roving tab stop: ↑/↓ (or j/k) move, Home/End jump, Enter opens, x selects.
// The header sticks under the shell's top bar; while a new page loads the rows dim (aria-busy).
// Fixed layout: columns take the widths their meta gives (fractions of the table), content truncates,
// so the table fits its container from 1280 px up instead of pushing past it.
import type { ReactTable, RowData } from "@tanstack/react-table";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import type { ServerTableFeatures } from "./features";

export type DataTableProps<TData extends RowData, TSelected> = {
  table: ReactTable<ServerTableFeatures, TData, TSelected>;
  /** The table's accessible name. */
  label: string;
  /** The row whose details are open (aria-current, highlighted). */
  activeRowId?: string | null;
  /** Enter on a row, or a click on it outside its controls. */
  onOpenRow?: (row: TData) => void;
  rowClassName?: (row: TData) => string | undefined;
  busy?: boolean;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
};

const INTERACTIVE = "a, button, input, select, textarea, label, [role=button]";

export function DataTable<TData extends RowData, TSelected>({
  table,
  label,
  activeRowId,
  onOpenRow,
  rowClassName,
  busy = false,
  empty,
}: DataTableProps<TData, TSelected>) {
  const rows = table.getRowModel().rows;
  const body = useRef<HTMLTableSectionElement>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // The tab stop: the focused row, else the open one, else the first.
  const tabStop =
    rows.find((row) => row.id === focusedId)?.id ??
    rows.find((row) => row.id === activeRowId)?.id ??
    rows[0]?.id;

  const focusRow = (index: number) => {
    const target = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!target) return;
    setFocusedId(target.id);
    body.current?.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(target.id)}"]`)?.focus();
  };

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = rows[index];
    if (!row) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => focusRow(index + 1),
      j: () => focusRow(index + 1),
      ArrowUp: () => focusRow(index - 1),
      k: () => focusRow(index - 1),
      Home: () => focusRow(0),
      End: () => focusRow(rows.length - 1),
      Enter: () => onOpenRow?.(row.original),
      x: () => row.getCanSelect() && row.toggleSelected(),
      " ": () => row.getCanSelect() && row.toggleSelected(),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  const columnCount = table.getVisibleLeafColumns().length;
  return (
    <div className="relative max-lg:overflow-x-auto">
      <table
        aria-label={label}
        aria-busy={busy || undefined}
        className="w-full min-w-[60rem] table-fixed border-separate border-spacing-0 text-[0.8125rem]"
      >
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      header.column.getCanSort()
                        ? sorted === "asc"
                          ? "ascending"
                          : sorted === "desc"
                            ? "descending"
                            : "none"
                        : undefined
                    }
                    className={cn(
                      "sticky top-14 z-10 border-y border-slate-200 bg-slate-100/95 px-2 py-2 text-left text-[0.6875rem] font-semibold tracking-wide text-slate-600 uppercase backdrop-blur first:border-l first:pl-3 last:border-r last:pr-3",
                      meta?.align === "end" && "text-right",
                      meta?.className,
                    )}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={body} className={cn("transition-opacity", busy && "opacity-60")}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="border-x border-b border-slate-200 bg-white p-0">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const active = row.id === activeRowId;
              const selected = row.getIsSelected();
              return (
                <tr
                  key={row.id}
                  data-row-id={row.id}
                  tabIndex={row.id === tabStop ? 0 : -1}
                  aria-current={active || undefined}
                  onFocus={() => setFocusedId(row.id)}
                  onKeyDown={(event) => onRowKeyDown(event, index)}
                  onClick={(event) => {
                    if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
                    if (window.getSelection()?.toString()) return; // selecting text to copy a VIN
                    onOpenRow?.(row.original);
                  }}
                  className={cn(
                    "group cursor-pointer bg-white align-top transition-colors hover:bg-slate-50",
                    focusRing,
                    "focus-visible:-outline-offset-2",
                    selected && "bg-blue-50/60 hover:bg-blue-50",
                    active && "bg-blue-50 hover:bg-blue-50",
                    rowClassName?.(row.original),
                  )}
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <td
                        key={cell.id}
                        className={cn(
                          "border-b border-slate-200 px-2 py-1.5 first:border-l first:pl-3 last:border-r last:pr-3",
                          active && "first:shadow-[inset_3px_0_0_0_var(--color-blue-600)]",
                          meta?.align === "end" && "text-right tabular-nums",
                          meta?.className,
                        )}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
