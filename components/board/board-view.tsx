"use client";
// The movement board: the server's page of requests, its state in the URL (filters, sort, page, open
// panel), live through the event stream, with bulk assign, saved views, CSV export and the detail
// panel. A table from 768 px (keyboard: / search, ↑↓ or j k rows, Enter open, x select, Esc close);
// on phones a list of cards, the filters in a sheet and the details in a full-screen sheet.
import type { RowSelectionState } from "@tanstack/react-table";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Pagination } from "@/components/data-table/pagination";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DownloadIcon, PlusIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { PHONE_QUERY, useMediaQuery } from "@/components/ui/use-media-query";
import { BoardMapView } from "@/components/maps/board-map";
import type { MapTiles } from "@/lib/maps/map-tiles";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import {
  boardQueryToSearchParams,
  hasFilters,
  NO_FILTERS,
  PAGE_SIZES,
  type BoardQuery,
} from "@/lib/movement-requests/board/board-query";
import type { BoardPage } from "@/lib/movement-requests/board/list-board-rows";
import type { BoardDetail } from "@/lib/movement-requests/board/get-board-detail";
import type { SavedViewItem } from "@/lib/movement-requests/board/saved-views";
import { BoardEmpty } from "./board-empty";
import type { BoardActions } from "./board-actions";
import { boardPageLinks } from "./board-page-links";
import { BoardToolbar } from "./board-toolbar";
import { BulkAssignBar } from "./bulk-assign-bar";
import { DetailPanel } from "./detail-panel";
import { vehicleName } from "./format";
import { KeyboardHelp } from "./keyboard-help";
import { LiveIndicator } from "./live-indicator";
import { MovementCards } from "./movement-cards";
import { SavedViewsMenu } from "./saved-views-menu";
import { ClampedPageNotice, SortWindowNotice } from "./board-notices";
import { useBoardTable } from "./use-board-table";
import { focusBoardRow, useBoardShortcuts } from "./use-board-shortcuts";
import { useBoardUrl } from "./use-board-url";
import { useLiveUpdates } from "./use-live-updates";
import { ViewSwitch } from "./view-switch";

export type BoardViewProps = {
  page: BoardPage;
  query: BoardQuery;
  open: string | null;
  detail: BoardDetail | null;
  options: BoardOptions;
  savedViews: SavedViewItem[];
  canDispatch: boolean;
  /** The page's server actions, passed down so that components never import from app/. */
  actions: BoardActions;
  organisationName: string;
  /** Today's UTC date (YYYY-MM-DD): the late flag's and the dates' reference. */
  today: string;
  /** The last event sequence when the page was rendered: the live stream starts after it. */
  since: string;
  /** The Map view's basemap (MAP_TILES_URL, or the bundled outlines). */
  mapTiles: MapTiles;
};

export function BoardView(props: BoardViewProps) {
  const { page, detail, options, savedViews, canDispatch, actions, today, since } = props;
  const pathname = usePathname();
  const phone = useMediaQuery(PHONE_QUERY);
  const url = useBoardUrl({ query: props.query, open: props.open });
  const { query, hrefWith, setQuery, setOpen } = url;
  const live = useLiveUpdates({ streamUrl: "/api/board/stream", since });
  const searchRef = useRef<HTMLInputElement>(null);

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // Vehicles of selected rows, kept while they are on other pages (for the bulk report).
  const selectedLabels = useRef(new Map<string, string>());
  useEffect(() => {
    for (const row of page.rows) selectedLabels.current.set(row.id, vehicleName(row.vehicle));
  }, [page.rows]);

  const hrefForRow = useCallback((id: string) => hrefWith({ page: query.page }, id), [hrefWith, query.page]);
  const table = useBoardTable({
    page,
    query,
    sites: options.sites,
    today,
    canDispatch,
    hrefForRow,
    setQuery,
    rowSelection,
    setRowSelection,
  });
  const closeDetail = useCallback(() => {
    const rowId = url.open;
    setOpen(null);
    if (rowId) focusBoardRow(rowId);
  }, [url.open, setOpen]);
  useBoardShortcuts({ open: url.open, close: closeDetail, searchRef });

  const selectedIds = Object.keys(rowSelection);
  const viewQuery = boardQueryToSearchParams(query, { omitPage: true }).toString();
  const loadingDetail = url.open !== null && detail?.row.id !== url.open;
  const empty = (
    <BoardEmpty
      total={page.total}
      filtered={hasFilters(query)}
      canDispatch={canDispatch}
      onClear={() => setQuery(NO_FILTERS)}
      firstPageHref={hrefWith({ page: 1 })}
    />
  );

  return (
    <div>
      <PageHeader
        className="mb-4"
        title="Movement board"
        description={`Every movement of ${props.organisationName}, as it happens.`}
        actions={
          <>
            <LiveIndicator state={live.state} />
            <SavedViewsMenu
              views={savedViews}
              currentQuery={viewQuery}
              pathname={pathname}
              actions={actions}
            />
            <a
              href={`/board/export${viewQuery ? `?${viewQuery}` : ""}`}
              download
              className={buttonClasses({ variant: "secondary" })}
              title="Every row of the current filter, as CSV"
            >
              <DownloadIcon />
              Export CSV
            </a>
            {canDispatch ? (
              <Link href="/board/plan" className={buttonClasses({ variant: "secondary" })}>
                Plan the pool
              </Link>
            ) : null}
            {canDispatch ? (
              <Link href="/movements/new" className={buttonClasses()}>
                <PlusIcon />
                New movement
              </Link>
            ) : null}
          </>
        }
      />
      <ViewSwitch view={query.view} hrefFor={(view) => hrefWith({ view, page: 1, cursor: undefined })} />
      <div className="mb-3">
        <BoardToolbar
          query={query}
          options={options}
          onChange={setQuery}
          searchRef={searchRef}
          phone={phone}
        />
      </div>
      {canDispatch && !phone && query.view === "table" ? (
        <div className="mb-3 empty:hidden">
          <BulkAssignBar
            selectedIds={selectedIds}
            drivers={options.drivers}
            labelFor={(id) => selectedLabels.current.get(id) ?? id}
            onClear={() => setRowSelection({})}
            bulkAssign={actions.bulkAssign}
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
        {query.view === "map" ? (
          <div className="min-w-0">
            <BoardMapView query={query} tiles={props.mapTiles} refreshKey={page} onOpen={setOpen} />
          </div>
        ) : (
          <div className="min-w-0">
            <SortWindowNotice window={page.window} sort={query.sort} today={today} hrefWith={hrefWith} />
            {phone ? (
              <MovementCards
                rows={page.rows}
                today={today}
                hrefForRow={hrefForRow}
                activeRowId={url.open}
                changed={live.changed}
                busy={url.isPending}
                empty={empty}
              />
            ) : (
              <DataTable
                table={table}
                label="Movement requests"
                activeRowId={url.open}
                busy={url.isPending}
                onOpenRow={(row) => setOpen(row.id)}
                rowClassName={(row) => (live.changed.has(row.id) ? "bg-amber-50" : undefined)}
                empty={empty}
              />
            )}
            <ClampedPageNotice page={page} />
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
            {phone ? null : <KeyboardHelp />}
          </div>
        )}
        {url.open ? (
          <DetailPanel
            detail={loadingDetail ? null : detail}
            loading={loadingDetail}
            drivers={options.drivers}
            canDispatch={canDispatch}
            actions={actions}
            today={today}
            onClose={closeDetail}
            phone={phone}
            mapTiles={props.mapTiles}
          />
        ) : null}
      </div>
    </div>
  );
}
