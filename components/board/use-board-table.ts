"use client";
// The board's TanStack Table over the server's page of rows: sorting and paging are the URL's (the
// server sorts and pages), row selection is local (bulk assign), and the columns link to each row.
import {
  functionalUpdate,
  useTable,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from "@tanstack/react-table";
import { useCallback, useMemo } from "react";
import { serverTableFeatures } from "@/components/data-table/features";
import type { BoardOptions } from "@/lib/movement-requests/board/board-options";
import {
  BOARD_SORT_COLUMNS,
  type BoardQuery,
  type BoardSortColumn,
} from "@/lib/movement-requests/board/board-query";
import type { BoardPage } from "@/lib/movement-requests/board/list-board-rows";
import { boardColumns, HIDDEN_SORT_COLUMNS } from "./board-columns";
import { commonWordPrefix } from "./format";

const COLUMN_VISIBILITY = Object.fromEntries([...HIDDEN_SORT_COLUMNS].map((id) => [id, false]));
/** Without the dispatch capability there is nothing to do with a selection. */
const READ_ONLY_VISIBILITY = { ...COLUMN_VISIBILITY, select: false };

export function useBoardTable({
  page,
  query,
  sites,
  today,
  canDispatch,
  hrefForRow,
  setQuery,
  rowSelection,
  setRowSelection,
}: {
  page: BoardPage;
  query: BoardQuery;
  sites: BoardOptions["sites"];
  today: string;
  canDispatch: boolean;
  hrefForRow: (id: string) => string;
  setQuery: (patch: Partial<BoardQuery>) => void;
  rowSelection: RowSelectionState;
  setRowSelection: (updater: Updater<RowSelectionState>) => void;
}) {
  const sorting = useMemo<SortingState>(
    () => [{ id: query.sort, desc: query.dir === "desc" }],
    [query.sort, query.dir],
  );
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: query.page - 1, pageSize: query.pageSize }),
    [query.page, query.pageSize],
  );
  const sitePrefix = useMemo(() => commonWordPrefix(sites.map((site) => site.name)), [sites]);
  const columns = useMemo(
    () => boardColumns({ today, sitePrefix, hrefForRow }),
    [today, sitePrefix, hrefForRow],
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

  return useTable({
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
}
