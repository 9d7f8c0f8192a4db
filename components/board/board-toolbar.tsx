"use client";
// The board's filters, every change a new URL. Wide screens: the search and every filter in a row.
// Phones: the search, and a "Filters" button opening a full-screen sheet with the rest.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FilterIcon } from "@/components/ui/icons";
import { Sheet } from "@/components/ui/sheet";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import { hasFilters, NO_FILTERS, type BoardQuery } from "@/lib/movement-requests/board/board-query";
import { BoardFilters, type BoardQueryChange } from "./board-filters";
import { SearchBox } from "./search-box";

export function BoardToolbar({
  query,
  options,
  onChange,
  searchRef,
  phone,
}: {
  query: BoardQuery;
  options: BoardOptions;
  onChange: BoardQueryChange;
  searchRef: React.RefObject<HTMLInputElement | null>;
  /** Below 768 px: the filters go into a sheet. */
  phone: boolean;
}) {
  const search = (
    <SearchBox
      value={query.q ?? ""}
      onSearch={(q) => onChange({ q: q || undefined }, { replace: true })}
      inputRef={searchRef}
      className={phone ? "min-w-0 flex-1" : undefined}
    />
  );
  const clear = hasFilters(query) ? (
    <Button variant="ghost" onClick={() => onChange(NO_FILTERS)}>
      Clear filters
    </Button>
  ) : null;
  if (phone) {
    return (
      <div role="search" aria-label="Filter movements" className="flex items-end gap-2">
        {search}
        <FilterSheet query={query} options={options} onChange={onChange} />
      </div>
    );
  }
  return (
    <div role="search" aria-label="Filter movements" className="flex flex-wrap items-end gap-2">
      {search}
      <BoardFilters query={query} options={options} onChange={onChange} />
      {clear}
    </div>
  );
}

function FilterSheet({
  query,
  options,
  onChange,
}: {
  query: BoardQuery;
  options: BoardOptions;
  onChange: BoardQueryChange;
}) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount(query);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <FilterIcon />
        Filters
        {count ? (
          <span className="rounded-full bg-blue-600 px-1.5 text-xs leading-5 text-white">
            {count}
            <span className="sr-only"> active</span>
          </span>
        ) : null}
      </Button>
      <Sheet
        open={open}
        onClose={() => setOpen(false)}
        title="Filter movements"
        closeLabel="Close filters"
        footer={
          <>
            {count ? (
              <Button variant="ghost" onClick={() => onChange({ ...NO_FILTERS, q: query.q })}>
                Clear filters
              </Button>
            ) : null}
            <Button onClick={() => setOpen(false)}>Show movements</Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <BoardFilters query={query} options={options} onChange={onChange} stacked />
        </div>
      </Sheet>
    </>
  );
}

/** Filters set besides the search (a date range counts once). */
function activeFilterCount(query: BoardQuery): number {
  return [
    query.status.length > 0,
    query.area,
    query.method,
    query.origin.length > 0,
    query.destination.length > 0,
    query.carrier,
    query.readyFrom || query.readyTo,
    query.dueFrom || query.dueTo,
    query.createdFrom || query.createdTo,
    query.late,
    query.atRisk,
  ].filter(Boolean).length;
}
