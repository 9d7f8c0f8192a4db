// The board's First / Previous / Next / Last links: by cursor (keyset), so a deep page costs what the
// first does (docs/performance-scale.md).
import { LAST_PAGE_CURSOR, type BoardQuery } from "@/lib/movement-requests/board/board-query";
import type { BoardPage } from "@/lib/movement-requests/board/list-board-rows";

export function boardPageLinks(page: BoardPage, hrefWith: (patch: Partial<BoardQuery>) => string) {
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
