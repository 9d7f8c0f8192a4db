// The movement board's page of rows: every request of the organisation matching the URL's filters,
// sorted and paged on the server, in one query with the sites and the legs' carriers (board-sql.ts).
//
// At 1 M requests (issue #15, docs/performance-scale.md): pages are read by keyset (a cursor in the
// URL: the rows after or before a row, or the last page), a bookmarked `page=N` by offset up to
// BOARD_MAX_OFFSET rows and clamped beyond it, and the total is counted exactly up to
// BOARD_COUNT_LIMIT ("10,000+" beyond), so no view reads the whole table. A sort other than "created"
// reads within a working set (board-working-set.ts): the window it applied is returned for the page
// to show.
import { boardCursorOf, decodeBoardCursor } from "@/lib/movement-requests/board/board-keyset";
import {
  BOARD_COUNT_LIMIT,
  BOARD_MAX_OFFSET,
  type BoardQuery,
} from "@/lib/movement-requests/board/board-query";
import { toBoardRow, utcToday, type BoardRow } from "@/lib/movement-requests/board/board-row";
import { countBoardRows, readBoardRows } from "@/lib/movement-requests/board/board-sql";
import { withWorkingSet, type BoardWindow } from "@/lib/movement-requests/board/board-working-set";
import { toDateOnly } from "@/lib/dates";

export type BoardPage = {
  rows: BoardRow[];
  /** Exact when `totalIsCapped` is false; otherwise BOARD_COUNT_LIMIT, and there are more. */
  total: number;
  totalIsCapped: boolean;
  /** The page number shown; null when unknown (walking back from the last page of a capped count). */
  page: number | null;
  pageSize: number;
  /** Null when the count is capped. */
  pageCount: number | null;
  /** Cursors of the next and the previous page (null at either end). */
  nextCursor: string | null;
  previousCursor: string | null;
  /** Set when a bookmarked `page=N` was deeper than the offset allows: the page shown instead. */
  clampedFromPage: number | null;
  /** The created window the sort was read within, when the board picked or cut it. */
  window: BoardWindow | null;
};

export async function listBoardRows(
  organisationId: string,
  requested: BoardQuery,
  now: Date = new Date(),
): Promise<BoardPage> {
  const today = utcToday(now);
  const { query, window } = withWorkingSet(requested, toDateOnly(today));
  const cursor = query.cursor ? decodeBoardCursor(query.cursor, query) : undefined;
  const size = query.pageSize;
  const backwards = cursor?.direction === "before" || cursor?.direction === "last";
  const maxPage = Math.floor(BOARD_MAX_OFFSET / size) + 1;
  const page = cursor ? query.page : Math.min(query.page, maxPage);
  // Side by side rather than in one transaction; a row written in between shifts a count by one at worst.
  const [counted, fetched] = await Promise.all([
    countBoardRows(organisationId, query, today, BOARD_COUNT_LIMIT + 1),
    readBoardRows({
      organisationId,
      query,
      today,
      after: cursor && cursor.direction !== "last" ? cursor.values : undefined,
      backwards,
      offset: cursor ? 0 : (page - 1) * size,
      // One more than a page: whether another page follows in the direction read.
      limit: size + 1,
    }),
  ]);
  const more = fetched.length > size;
  const sources = backwards ? fetched.slice(0, size).reverse() : fetched.slice(0, size);
  const first = sources[0];
  const last = sources.at(-1);
  const totalIsCapped = counted > BOARD_COUNT_LIMIT;
  const total = Math.min(counted, BOARD_COUNT_LIMIT);
  const pageCount = totalIsCapped ? null : Math.max(1, Math.ceil(total / size));
  const hasPrevious = backwards ? more : cursor ? true : page > 1;
  const hasNext = backwards ? cursor?.direction === "before" : more;
  return {
    rows: sources.map((request) => toBoardRow(request, today)),
    total,
    totalIsCapped,
    // A cursor's page number is the link's label; a cursor page is never page 1, so 1 means unknown.
    page: cursor?.direction === "last" ? pageCount : cursor && page === 1 ? null : page,
    pageSize: size,
    pageCount,
    nextCursor: hasNext && last ? boardCursorOf(query, last, "after") : null,
    previousCursor: hasPrevious && first ? boardCursorOf(query, first, "before") : null,
    clampedFromPage: page < query.page ? query.page : null,
    window,
  };
}
