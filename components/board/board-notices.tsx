// What the board says about the rows it read rather than the ones asked for: the created window a sort
// other than "created" was read within (lib/movement-requests/board/board-working-set.ts), and a
// bookmarked page deeper than the offset allows.
import Link from "next/link";
import {
  BOARD_MAX_OFFSET,
  type BoardQuery,
  type BoardSortColumn,
} from "@/lib/movement-requests/board/board-query";
import { SORT_WINDOW_MAX_DAYS, type BoardWindow } from "@/lib/movement-requests/board/board-working-set";
import type { BoardPage } from "@/lib/movement-requests/board/list-board-rows";
import { formatDayMonth } from "./format";

const SORT_NAME: Record<BoardSortColumn, string> = {
  vehicle: "vehicle",
  origin: "origin",
  destination: "destination",
  ready: "ready date",
  due: "deadline",
  estimatedDelivery: "estimated delivery",
  status: "status",
  estimatedCost: "estimated cost",
  cost: "cost",
  created: "created",
};

export function SortWindowNotice({
  window,
  sort,
  today,
  hrefWith,
}: {
  window: BoardWindow | null;
  sort: BoardSortColumn;
  today: string;
  hrefWith: (patch: Partial<BoardQuery>) => string;
}) {
  if (!window) return null;
  const from = formatDayMonth(window.createdFrom, today);
  const to = formatDayMonth(window.createdTo, today);
  return (
    <p role="status" data-testid="sort-window" className="mb-2 text-sm text-slate-700">
      Sorted by {SORT_NAME[sort]} among the requests created {from} – {to}
      {window.reason === "narrowed" ? ` (a sort covers at most ${SORT_WINDOW_MAX_DAYS} days)` : ""}. Pick
      other dates under Created, filter open requests or search to sort others, or{" "}
      <Link
        href={hrefWith({ sort: "created", dir: "desc", page: 1, cursor: undefined })}
        className="font-medium text-blue-700 underline"
      >
        show every request, newest first
      </Link>
      .
    </p>
  );
}

export function ClampedPageNotice({ page }: { page: BoardPage }) {
  if (!page.clampedFromPage) return null;
  return (
    <p role="status" className="py-2 text-sm text-amber-800">
      Page {page.clampedFromPage} is beyond the first {BOARD_MAX_OFFSET.toLocaleString("en-GB")} rows: this is
      page {page.page}. Go on with Next or Last, or narrow the filter.
    </p>
  );
}
