// The movement board's page of rows: every request of the organisation matching the URL's filters,
// sorted and paged on the server, in one query with the sites and the legs' carriers.
import { db } from "@/lib/db";
import type { BoardQuery } from "@/lib/movement-requests/board/board-query";
import {
  boardRowInclude,
  toBoardRow,
  utcToday,
  type BoardRow,
} from "@/lib/movement-requests/board/board-row";
import { boardOrderBy, boardWhere } from "@/lib/movement-requests/board/board-where";

export type BoardPage = {
  rows: BoardRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

export async function listBoardRows(
  organisationId: string,
  query: BoardQuery,
  now: Date = new Date(),
): Promise<BoardPage> {
  const today = utcToday(now);
  const where = boardWhere(organisationId, query, today);
  // Side by side rather than in one batch transaction (which the pg adapter runs as overlapping queries
  // on one connection); a row written in between shifts a count by one at worst.
  const [total, requests] = await Promise.all([
    db().movementRequest.count({ where }),
    db().movementRequest.findMany({
      where,
      orderBy: boardOrderBy(query),
      skip: (query.page - 1) * query.pageSize,
      take: query.pageSize,
      include: boardRowInclude,
    }),
  ]);
  return {
    rows: requests.map((request) => toBoardRow(request, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
