"use client";
// Above the board: the search (VIN, VRM, make or model, as you type) and the substage, ageing and
// work-item filters; below the desktop width, the stage switcher with each stage's count (one stage at a time
// on a phone, two on a tablet).
import { cn, focusRing } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { WAITING_LABEL } from "@/components/kanban/recon-line";
import { Select } from "@/components/ui/select";
import type { PrepJobStage as Stage, PrepJobSubstage as Substage } from "@/lib/generated/prisma/enums";
import { substageLabel, type KanbanBoard } from "@/lib/prep-jobs/kanban/board";
import type { KanbanFilter } from "@/lib/prep-jobs/kanban/board-filter";
import { SUBSTAGE_ORDER } from "@/lib/prep-job-stages/stage-rules";
import { WAITING_FOR_ORDER } from "@/lib/recon/work-item-transitions";

const SUBSTAGE_OPTIONS: [KanbanFilter["substage"], string][] = [
  ["all", "All substages"],
  ...SUBSTAGE_ORDER.map((substage): [Substage, string] => [substage, substageLabel(substage)]),
  ["none", substageLabel(null)],
];

const AGEING_OPTIONS = [
  ["all", "Any age"],
  ["ok", "On time"],
  ["amber", "Amber"],
  ["red", "Red"],
  ["done", "Left the site"],
] as const;

const WAITING_OPTIONS: [KanbanFilter["waiting"], string][] = [
  ["all", "Any work items"],
  ...WAITING_FOR_ORDER.map((cause): [KanbanFilter["waiting"], string] => [cause, WAITING_LABEL[cause]]),
];

export function KanbanToolbar({
  filter,
  onFilter,
}: {
  filter: KanbanFilter;
  onFilter: (filter: KanbanFilter) => void;
}) {
  return (
    <div
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
      role="search"
    >
      <div>
        <Label htmlFor="kanban-search">Search</Label>
        <Input
          id="kanban-search"
          type="search"
          className="mt-1 h-11 md:pointer-fine:h-9"
          placeholder="VIN, registration, make or model"
          autoComplete="off"
          value={filter.search}
          onChange={(event) => onFilter({ ...filter, search: event.target.value })}
        />
      </div>
      <div>
        <Label htmlFor="kanban-substage">Substage</Label>
        <Select
          id="kanban-substage"
          className="mt-1 [&_select]:h-11 md:pointer-fine:[&_select]:h-9"
          value={filter.substage}
          onChange={(event) =>
            onFilter({ ...filter, substage: event.target.value as KanbanFilter["substage"] })
          }
        >
          {SUBSTAGE_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="kanban-ageing">Ageing</Label>
        <Select
          id="kanban-ageing"
          className="mt-1 [&_select]:h-11 md:pointer-fine:[&_select]:h-9"
          value={filter.ageing}
          onChange={(event) => onFilter({ ...filter, ageing: event.target.value as KanbanFilter["ageing"] })}
        >
          {AGEING_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="kanban-waiting">Work items</Label>
        <Select
          id="kanban-waiting"
          className="mt-1 [&_select]:h-11 md:pointer-fine:[&_select]:h-9"
          value={filter.waiting}
          onChange={(event) =>
            onFilter({ ...filter, waiting: event.target.value as KanbanFilter["waiting"] })
          }
        >
          {WAITING_OPTIONS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

export function StageSwitcher({
  board,
  active,
  onSelect,
}: {
  board: KanbanBoard;
  active: { phone: Stage; tablet: readonly Stage[] };
  onSelect: (stage: Stage) => void;
}) {
  return (
    <nav aria-label="Stages" className="xl:hidden">
      <ul className="grid grid-cols-4 gap-1 rounded-xl bg-slate-100 p-1">
        {board.columns.map((column) => {
          const onPhone = column.stage === active.phone;
          const onTablet = active.tablet.includes(column.stage);
          return (
            <li key={column.stage} className="min-w-0">
              <button
                type="button"
                aria-pressed={onPhone}
                data-tablet-shown={onTablet}
                onClick={() => onSelect(column.stage)}
                className={cn(
                  "flex min-h-11 w-full flex-col items-center justify-center rounded-lg px-1 py-1 text-sm font-medium text-slate-700",
                  onPhone && "max-md:bg-white max-md:text-slate-900 max-md:shadow-sm",
                  onTablet && "md:bg-white md:text-slate-900 md:shadow-sm",
                  column.wip === "at" && "text-amber-900",
                  column.wip === "over" && "text-red-800",
                  focusRing,
                )}
              >
                <span className="truncate">{column.label}</span>
                <span className="text-xs tabular-nums" data-testid="stage-count">
                  {column.limit !== null ? `${column.count} / ${column.limit}` : column.count}
                  <span className="sr-only"> {column.count === 1 ? "job" : "jobs"}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
