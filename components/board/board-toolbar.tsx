"use client";
// The board's filters: search (VIN, VRM, external id), status, business area, transport method, origin,
// destination, carrier, ready and deadline ranges, late only. Every change is a new URL.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input } from "@/components/ui/input";
import { Popover } from "@/components/ui/popover";
import { Select } from "@/components/ui/select";
import type { MovementRequestStatus } from "@/lib/generated/prisma/enums";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import {
  hasFilters,
  NO_FILTERS,
  UNASSIGNED,
  type BoardQuery,
} from "@/lib/movement-requests/board/board-query";
import { BOARD_STATUS_LABEL } from "@/lib/movement-requests/board/board-status-labels";
import { TERMINAL_STATUSES } from "@/lib/movement-requests/transitions";
import { StatusBadge } from "./status-badge";

const SEARCH_DEBOUNCE_MS = 300;

export const STATUS_GROUPS: { label: string; statuses: MovementRequestStatus[] }[] = [
  { label: "Needs planning", statuses: ["CREATED", "ACCEPTED"] },
  {
    label: "Waiting for a carrier",
    statuses: ["SENT_TO_DRIVER", "SENT_TO_MULTIPLE_DRIVERS", "SENT_TO_3PL", "SENT_TO_MARKETPLACE"],
  },
  {
    label: "Planned or accepted",
    statuses: [
      "PARTIALLY_PLANNED",
      "PLANNED",
      "ACCEPTED_SENT_TO_DRIVER",
      "ACCEPTED_SENT_TO_3PL",
      "ACCEPTED_SENT_TO_MARKETPLACE",
    ],
  },
  { label: "On the road", statuses: ["IN_PROGRESS"] },
  { label: "Finished", statuses: ["DELIVERED", "ABORTED", "CANCELLED"] },
];
const OPEN_STATUSES = STATUS_GROUPS.flatMap((group) => group.statuses).filter(
  (status) => !TERMINAL_STATUSES.includes(status),
);

export function BoardToolbar({
  query,
  options,
  onChange,
  searchRef,
}: {
  query: BoardQuery;
  options: BoardOptions;
  onChange: (patch: Partial<BoardQuery>, options?: { replace?: boolean }) => void;
  searchRef: React.RefObject<HTMLInputElement | null>;
}) {
  return (
    <div role="search" aria-label="Filter movements" className="flex flex-wrap items-end gap-2">
      <SearchBox
        value={query.q ?? ""}
        onSearch={(q) => onChange({ q: q || undefined }, { replace: true })}
        inputRef={searchRef}
      />
      <StatusFilter selected={query.status} onChange={(status) => onChange({ status })} />
      <Filter label="Business area">
        {(id) => (
          <Select
            id={id}
            value={query.area ?? ""}
            onChange={(event) => onChange({ area: (event.target.value || undefined) as BoardQuery["area"] })}
            className="w-32"
          >
            <option value="">All areas</option>
            <option value="Retail">Retail</option>
            <option value="Fleet">Fleet</option>
          </Select>
        )}
      </Filter>
      <Filter label="Transport method">
        {(id) => (
          <Select
            id={id}
            value={query.method ?? ""}
            onChange={(event) =>
              onChange({ method: (event.target.value || undefined) as BoardQuery["method"] })
            }
            className="w-36"
          >
            <option value="">All methods</option>
            <option value="DRIVEN">Driven</option>
            <option value="TRANSPORTED">Transported</option>
          </Select>
        )}
      </Filter>
      <Filter label="From">
        {(id) => (
          <SiteSelect
            id={id}
            sites={options.sites}
            value={query.origin}
            allLabel="All origins"
            onChange={(origin) => onChange({ origin })}
          />
        )}
      </Filter>
      <Filter label="To">
        {(id) => (
          <SiteSelect
            id={id}
            sites={options.sites}
            value={query.destination}
            allLabel="All destinations"
            onChange={(destination) => onChange({ destination })}
          />
        )}
      </Filter>
      <Filter label="Carrier">
        {(id) => (
          <Select
            id={id}
            value={query.carrier ?? ""}
            onChange={(event) => onChange({ carrier: event.target.value || undefined })}
            className="w-40"
          >
            <option value="">All carriers</option>
            <option value={UNASSIGNED}>Unassigned</option>
            {options.drivers.length ? (
              <optgroup label="Own drivers">
                {options.drivers.map((driver) => (
                  <option key={driver.id} value={driver.id}>
                    {driver.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {options.providers.length ? (
              <optgroup label="Logistics partners">
                {options.providers.map((provider) => (
                  <option key={provider.id} value={provider.id}>
                    {provider.name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {query.carrier &&
            query.carrier !== UNASSIGNED &&
            ![...options.drivers, ...options.providers].some((c) => c.id === query.carrier) ? (
              <option value={query.carrier}>Other carrier</option>
            ) : null}
          </Select>
        )}
      </Filter>
      <DateRange
        label="Ready"
        from={query.readyFrom}
        to={query.readyTo}
        onChange={(readyFrom, readyTo) => onChange({ readyFrom, readyTo })}
      />
      <DateRange
        label="Deadline"
        from={query.dueFrom}
        to={query.dueTo}
        onChange={(dueFrom, dueTo) => onChange({ dueFrom, dueTo })}
      />
      <label className="flex h-9 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm hover:border-slate-400 has-checked:border-red-300 has-checked:bg-red-50 has-checked:text-red-800 has-focus-visible:outline-2 has-focus-visible:outline-blue-600">
        <input
          type="checkbox"
          checked={query.late}
          onChange={(event) => onChange({ late: event.target.checked })}
          className="size-4 accent-red-600 focus-visible:outline-none"
        />
        Late only
      </label>
      {hasFilters(query) ? (
        <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

function Filter({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function SearchBox({
  value,
  onSearch,
  inputRef,
}: {
  value: string;
  onSearch: (q: string) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef(value);

  // A search set elsewhere (clear filters, a saved view, back button) shows here.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    onSearch(trimmed);
  };

  return (
    <div className="w-56">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        Search
      </label>
      <div className="relative">
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
        >
          <circle cx="9" cy="9" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="m13.5 13.5 3.5 3.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <Input
          ref={inputRef}
          id={id}
          type="search"
          value={text}
          placeholder="VRM, VIN or ref"
          title="Part of a VRM, VIN, external id or stock number, or a request id"
          autoComplete="off"
          spellCheck={false}
          aria-keyshortcuts="/"
          onChange={(event) => {
            setText(event.target.value);
            clearTimeout(timer.current);
            const next = event.target.value;
            timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") send(text);
            if (event.key === "Escape" && text) {
              event.stopPropagation();
              setText("");
              send("");
            }
          }}
          className="pr-8 pl-8"
        />
        <kbd
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-slate-300 bg-slate-50 px-1 font-mono text-[10px] text-slate-500"
        >
          /
        </kbd>
      </div>
    </div>
  );
}

function StatusFilter({
  selected,
  onChange,
}: {
  selected: MovementRequestStatus[];
  onChange: (statuses: MovementRequestStatus[]) => void;
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
    // Keep the lifecycle order in the URL, whatever order they were clicked in.
    onChange(STATUS_GROUPS.flatMap((group) => group.statuses).filter((status) => next.has(status)));
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
          "w-44 justify-between px-3",
          selected.length ? "border-blue-300 bg-blue-50/50" : undefined,
        )}
        panelClassName="w-80"
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
          {STATUS_GROUPS.map((group) => {
            const all = group.statuses.every((status) => set.has(status));
            const some = group.statuses.some((status) => set.has(status));
            return (
              <fieldset key={group.label}>
                <legend className="sr-only">{group.label}</legend>
                <label className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-xs font-semibold tracking-wide text-slate-600 uppercase hover:bg-slate-50">
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
                    className="flex cursor-pointer items-center gap-2 rounded py-1 pr-1.5 pl-7 hover:bg-slate-50"
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

function SiteSelect({
  id,
  sites,
  value,
  allLabel,
  onChange,
}: {
  id: string;
  sites: BoardOptions["sites"];
  value: string[];
  allLabel: string;
  onChange: (ids: string[]) => void;
}) {
  // The URL may hold several sites (a shared link); the picker chooses one.
  const current = value.length > 1 ? "__several" : (value[0] ?? "");
  return (
    <Select
      id={id}
      value={current}
      onChange={(event) => onChange(event.target.value ? [event.target.value] : [])}
      className="w-40"
    >
      <option value="">{allLabel}</option>
      {value.length > 1 ? (
        <option value="__several" disabled>
          {value.length} sites
        </option>
      ) : null}
      {sites.map((site) => (
        <option key={site.id} value={site.id}>
          {site.name} ({site.code})
        </option>
      ))}
    </Select>
  );
}

function DateRange({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-1 block text-xs font-medium text-slate-600">{label}</legend>
      <div className="flex items-center gap-1">
        <label htmlFor={`${id}-from`} className="sr-only">
          {label} from
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from ?? ""}
          max={to}
          onChange={(event) => onChange(event.target.value || undefined, to)}
          className="w-[8.5rem] px-2"
        />
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        <label htmlFor={`${id}-to`} className="sr-only">
          {label} to
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to ?? ""}
          min={from}
          onChange={(event) => onChange(from, event.target.value || undefined)}
          className="w-[8.5rem] px-2"
        />
      </div>
    </fieldset>
  );
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item) => b.includes(item));
}
