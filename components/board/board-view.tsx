"use client";
// The movement board: a TanStack Table over the server's page of requests, its state in the URL
// (filters, sort, page, open panel), live through the event stream, with bulk assign, saved views,
// CSV export and the detail panel. Keyboard: / search, ↑↓ or j k rows, Enter open, x select, Esc close.
import {
  functionalUpdate,
  useTable,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { serverTableFeatures } from "@/components/data-table/features";
import { Pagination } from "@/components/data-table/pagination";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { BoardIcon, PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import {
  BOARD_MAX_OFFSET,
  BOARD_SORT_COLUMNS,
  LAST_PAGE_CURSOR,
  boardQueryToSearchParams,
  hasFilters,
  NO_FILTERS,
  PAGE_SIZES,
  type BoardQuery,
  type BoardSortColumn,
} from "@/lib/movement-requests/board/board-query";
import type { BoardPage } from "@/lib/movement-requests/board/list-board-rows";
import type { BoardDetail } from "@/lib/movement-requests/board/get-board-detail";
import type { SavedViewItem } from "@/lib/movement-requests/board/saved-views";
import { boardColumns, HIDDEN_SORT_COLUMNS } from "./board-columns";
import { BoardToolbar } from "./board-toolbar";
import { BulkAssignBar } from "./bulk-assign-bar";
import { DetailPanel } from "./detail-panel";
import { vehicleName } from "./format";
import { SavedViewsMenu } from "./saved-views-menu";
import { useBoardUrl } from "./use-board-url";
import type { StreamState } from "@/components/live/use-event-stream";
import { useLiveUpdates } from "./use-live-updates";

export type BoardViewProps = {
  page: BoardPage;
  query: BoardQuery;
  open: string | null;
  detail: BoardDetail | null;
  options: BoardOptions;
  savedViews: SavedViewItem[];
  canDispatch: boolean;
  organisationName: string;
  /** Today's UTC date (YYYY-MM-DD): the late flag's and the dates' reference. */
  today: string;
  /** The last event sequence when the page was rendered: the live stream starts after it. */
  since: string;
};

const COLUMN_VISIBILITY = Object.fromEntries([...HIDDEN_SORT_COLUMNS].map((id) => [id, false]));
/** Without the dispatch capability there is nothing to do with a selection. */
const READ_ONLY_VISIBILITY = { ...COLUMN_VISIBILITY, select: false };

export function BoardView(props: BoardViewProps) {
  const { page, detail, options, savedViews, canDispatch, today, since } = props;
  const pathname = usePathname();
  const url = useBoardUrl({ query: props.query, open: props.open });
  const { query } = url;
  const live = useLiveUpdates({ streamUrl: "/api/board/stream", since });
  const searchRef = useRef<HTMLInputElement>(null);

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Vehicles of selected rows, kept while they are on other pages (for the bulk report).
  const selectedLabels = useRef(new Map<string, string>());
  useEffect(() => {
    for (const row of page.rows) selectedLabels.current.set(row.id, vehicleName(row.vehicle));
  }, [page.rows]);

  const sorting = useMemo<SortingState>(
    () => [{ id: query.sort, desc: query.dir === "desc" }],
    [query.sort, query.dir],
  );
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: query.page - 1, pageSize: query.pageSize }),
    [query.page, query.pageSize],
  );
  const { hrefWith, setQuery, setOpen } = url;
  const sitePrefix = useMemo(() => commonWordPrefix(options.sites.map((site) => site.name)), [options.sites]);
  const columns = useMemo(
    () => boardColumns({ today, sitePrefix, hrefForRow: (id) => hrefWith({ page: query.page }, id) }),
    [today, sitePrefix, hrefWith, query.page],
  );

  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting)[0];
      if (next && (BOARD_SORT_COLUMNS as readonly string[]).includes(next.id)) {
        setQuery({ sort: next.id as BoardSortColumn, dir: next.desc ? "desc" : "asc" });
      }
    },
    [sorting, setQuery],
  );
  const onPaginationChange = useCallback(
    (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      setQuery({ page: next.pageIndex + 1, pageSize: next.pageSize });
    },
    [pagination, setQuery],
  );

  const table = useTable({
    features: serverTableFeatures,
    columns,
    data: page.rows,
    getRowId: (row) => row.id,
    state: {
      sorting,
      pagination,
      rowSelection,
      columnVisibility: canDispatch ? COLUMN_VISIBILITY : READ_ONLY_VISIBILITY,
    },
    onSortingChange,
    onPaginationChange,
    onRowSelectionChange: setRowSelection,
    manualSorting: true,
    manualPagination: true,
    rowCount: page.total,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableRowSelection: canDispatch,
    enableRowRangeSelection: true,
  });

  // Keyboard: "/" searches, Escape closes the panel (unless a field or a menu takes it first).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const typing = target.closest("input, textarea, select, [contenteditable=true]");
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (event.key === "Escape" && url.open && !typing && !event.defaultPrevented) {
        const rowId = url.open;
        setOpen(null);
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(rowId)}"]`)?.focus(),
        );
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [url.open, setOpen]);

  const selectedIds = Object.keys(rowSelection);
  const filtered = hasFilters(query);
  const viewQuery = boardQueryToSearchParams(query, { omitPage: true }).toString();
  const loadingDetail = url.open !== null && detail?.row.id !== url.open;

  return (
    <div>
      <PageHeader
        className="mb-4"
        title="Movement board"
        description={`Every movement of ${props.organisationName}, as it happens.`}
        actions={
          <>
            <LiveIndicator state={live.state} />
            <SavedViewsMenu views={savedViews} currentQuery={viewQuery} pathname={pathname} />
            <a
              href={`/board/export${viewQuery ? `?${viewQuery}` : ""}`}
              download
              className={buttonClasses({ variant: "secondary" })}
              title="Every row of the current filter, as CSV"
            >
              <DownloadGlyph />
              Export CSV
            </a>
            {canDispatch ? (
              <Link href="/movements/new" className={buttonClasses()}>
                <PlusIcon />
                New movement
              </Link>
            ) : null}
          </>
        }
      />
      <div className="mb-3">
        <BoardToolbar query={query} options={options} onChange={setQuery} searchRef={searchRef} />
      </div>
      {canDispatch ? (
        <div className="mb-3 empty:hidden">
          <BulkAssignBar
            selectedIds={selectedIds}
            drivers={options.drivers}
            labelFor={(id) => selectedLabels.current.get(id) ?? id}
            onClear={() => setRowSelection({})}
            onDone={(succeeded) =>
              setRowSelection((current) => {
                const next = { ...current };
                for (const id of succeeded) delete next[id];
                return next;
              })
            }
          />
        </div>
      ) : null}
      <div
        className={cn(url.open && "2xl:grid 2xl:grid-cols-[minmax(0,1fr)_36rem] 2xl:items-start 2xl:gap-4")}
      >
        <div className="min-w-0">
          <DataTable
            table={table}
            label="Movement requests"
            activeRowId={url.open}
            busy={url.isPending}
            onOpenRow={(row) => setOpen(row.id)}
            rowClassName={(row) => (live.changed.has(row.id) ? "bg-amber-50" : undefined)}
            empty={
              <BoardEmpty
                total={page.total}
                filtered={filtered}
                canDispatch={canDispatch}
                onClear={() => setQuery(NO_FILTERS)}
                firstPageHref={hrefWith({ page: 1 })}
              />
            }
          />
          {page.clampedFromPage ? (
            <p role="status" className="py-2 text-sm text-amber-800">
              Page {page.clampedFromPage} is beyond the first {BOARD_MAX_OFFSET.toLocaleString("en-GB")} rows:
              this is page {page.page}. Go on with Next or Last, or narrow the filter.
            </p>
          ) : null}
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            pageSize={query.pageSize}
            total={page.total}
            totalIsCapped={page.totalIsCapped}
            links={boardPageLinks(page, hrefWith)}
            pageSizes={PAGE_SIZES}
            hrefForPage={(target) => hrefWith({ page: target })}
            onPageSizeChange={(pageSize) => table.setPageSize(pageSize)}
            selectedCount={selectedIds.length}
          />
          <p className="text-xs text-slate-500">
            Keyboard: <Kbd>/</Kbd> search · <Kbd>↑</Kbd>
            <Kbd>↓</Kbd> or <Kbd>j</Kbd>
            <Kbd>k</Kbd> move between rows · <Kbd>Enter</Kbd> open · <Kbd>x</Kbd> select · <Kbd>Esc</Kbd>{" "}
            close
          </p>
        </div>
        {url.open ? (
          <DetailPanel
            detail={loadingDetail ? null : detail}
            loading={loadingDetail}
            drivers={options.drivers}
            canDispatch={canDispatch}
            today={today}
            onClose={() => {
              const rowId = url.open;
              setOpen(null);
              if (rowId) {
                requestAnimationFrame(() =>
                  document.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(rowId)}"]`)?.focus(),
                );
              }
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

/** First, previous, next and last: by cursor (keyset), so a deep page costs what the first does. */
function boardPageLinks(page: BoardPage, hrefWith: (patch: Partial<BoardQuery>) => string) {
  const at = page.page;
  const firstPage = { page: 1, cursor: undefined };
  return {
    first: page.previousCursor ? hrefWith(firstPage) : null,
    previous: page.previousCursor
      ? hrefWith(
          at !== null && at <= 2
            ? firstPage
            : { page: at === null ? 1 : at - 1, cursor: page.previousCursor },
        )
      : null,
    next: page.nextCursor ? hrefWith({ page: at === null ? 1 : at + 1, cursor: page.nextCursor }) : null,
    last: page.nextCursor ? hrefWith({ page: page.pageCount ?? 1, cursor: LAST_PAGE_CURSOR }) : null,
  };
}

/** "Northgate " when every name starts with it (whole words, and never a whole name). */
export function commonWordPrefix(names: string[]): string {
  if (names.length < 2) return "";
  const words = names.map((name) => name.split(" "));
  const first = words[0] ?? [];
  let count = 0;
  while (
    count < first.length - 1 &&
    words.every((parts) => parts.length > count + 1 && parts[count] === first[count])
  ) {
    count += 1;
  }
  return count ? `${first.slice(0, count).join(" ")} ` : "";
}

function BoardEmpty({
  total,
  filtered,
  canDispatch,
  onClear,
  firstPageHref,
}: {
  total: number;
  filtered: boolean;
  canDispatch: boolean;
  onClear: () => void;
  firstPageHref: string;
}) {
  if (total > 0) {
    return (
      <EmptyState
        className="rounded-none border-0"
        icon={<BoardIcon />}
        title="This page is past the end"
        description="The rows moved on since this link was made."
        action={
          <Link href={firstPageHref} className={buttonClasses({ variant: "secondary" })}>
            Go to the first page
          </Link>
        }
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        className="rounded-none border-0"
        icon={<BoardIcon />}
        title="No movement matches these filters"
        description="Widen the dates, pick other statuses, or search for part of a VRM or VIN."
        action={
          <Button variant="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      className="rounded-none border-0"
      icon={<BoardIcon />}
      title="No movements yet"
      description="Movements requested through the API or created here appear on this board as they happen."
      action={
        canDispatch ? (
          <Link href="/movements/new" className={buttonClasses()}>
            <PlusIcon />
            New movement
          </Link>
        ) : undefined
      }
    />
  );
}

const LIVE_TEXT: Record<StreamState, { text: string; dot: string; title: string }> = {
  connecting: { text: "Connecting", dot: "bg-slate-400", title: "Connecting to live updates…" },
  live: { text: "Live", dot: "bg-emerald-500", title: "Changes appear as they happen" },
  lost: {
    text: "Reconnecting",
    dot: "bg-amber-500 animate-pulse",
    title: "Live updates are interrupted; retrying. The board may be out of date.",
  },
};

function LiveIndicator({ state }: { state: StreamState }) {
  const { text, dot, title } = LIVE_TEXT[state];
  return (
    <span
      role="status"
      title={title}
      className="mr-1 inline-flex items-center gap-1.5 text-xs font-medium text-slate-600"
    >
      <span aria-hidden="true" className={cn("size-2 rounded-full", dot)} />
      {text}
    </span>
  );
}

function Kbd({ children }: { children: string }) {
  return (
    <kbd className="mx-0.5 rounded border border-slate-300 bg-white px-1 font-mono text-[11px] text-slate-600">
      {children}
    </kbd>
  );
}

function DownloadGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" />
    </svg>
  );
}
