"use client";
// The board's status filter: a popover of the lifecycle's statuses in groups (lib's one list), with
// "Open only" and "All statuses" shortcuts. The URL keeps the lifecycle order, whatever the clicks'.
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Popover } from "@/components/ui/popover";
import type { MovementRequestStatus } from "@/lib/generated/prisma/enums";
import { BOARD_STATUS_GROUPS, BOARD_STATUS_LABEL } from "@/lib/movement-requests/board/board-status-labels";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";
import { StatusBadge } from "./status-badge";

const LIFECYCLE = BOARD_STATUS_GROUPS.flatMap((group) => group.statuses);
const OPEN_STATUSES = LIFECYCLE.filter((status) => !TERMINAL_STATUSES.includes(status));

export function StatusFilter({
  selected,
  onChange,
  className,
}: {
  selected: MovementRequestStatus[];
  onChange: (statuses: MovementRequestStatus[]) => void;
  /** The button's width. */
  className?: string;
}) {
  const set = new Set(selected);
  const label =
    selected.length === 0
      ? "All statuses"
      : selected.length === 1 && selected[0]
        ? BOARD_STATUS_LABEL[selected[0]]
        : sameSet(selected, OPEN_STATUSES)
          ? "Open only"
          : `${selected.length} statuses`;
  const toggle = (statuses: MovementRequestStatus[], on: boolean) => {
    const next = new Set(set);
    for (const status of statuses) {
      if (on) next.add(status);
      else next.delete(status);
    }
    onChange(LIFECYCLE.filter((status) => next.has(status)));
  };
  return (
    <div>
      <span className="mb-1 block text-xs font-medium text-slate-600" aria-hidden="true">
        Status
      </span>
      <Popover
        label={
          <span
            className={cn("min-w-0 flex-1 truncate text-left", selected.length ? "text-blue-800" : undefined)}
          >
            {label}
          </span>
        }
        ariaLabel={`Status: ${label}`}
        buttonClassName={cn(
          "justify-between px-3",
          className ?? "w-44",
          selected.length ? "border-blue-300 bg-blue-50/50" : undefined,
        )}
        panelClassName="w-80 max-w-[calc(100vw-2rem)]"
      >
        <div className="mb-2 flex flex-wrap gap-1 border-b border-slate-200 pb-2">
          <Button size="sm" variant="ghost" onClick={() => onChange(OPEN_STATUSES)}>
            Open only
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onChange([])}>
            All statuses
          </Button>
        </div>
        <div className="max-h-[60vh] space-y-2 overflow-y-auto">
          {BOARD_STATUS_GROUPS.map((group) => {
            const all = group.statuses.every((status) => set.has(status));
            const some = group.statuses.some((status) => set.has(status));
            return (
              <fieldset key={group.label}>
                <legend className="sr-only">{group.label}</legend>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-xs font-semibold tracking-wide text-slate-600 uppercase hover:bg-slate-50 pointer-coarse:min-h-11">
                  <input
                    type="checkbox"
                    checked={all}
                    ref={(element) => {
                      if (element) element.indeterminate = some && !all;
                    }}
                    onChange={(event) => toggle(group.statuses, event.target.checked)}
                    className="size-4 accent-blue-600"
                  />
                  {group.label}
                </label>
                {group.statuses.map((status) => (
                  <label
                    key={status}
                    className="flex cursor-pointer items-center gap-2 rounded py-1 pr-1.5 pl-7 hover:bg-slate-50 pointer-coarse:min-h-11"
                  >
                    <input
                      type="checkbox"
                      checked={set.has(status)}
                      onChange={(event) => toggle([status], event.target.checked)}
                      className="size-4 accent-blue-600"
                    />
                    <StatusBadge status={status} />
                  </label>
                ))}
              </fieldset>
            );
          })}
        </div>
      </Popover>
    </div>
  );
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}
