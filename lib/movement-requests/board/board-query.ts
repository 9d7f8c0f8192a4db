// The board's state as URL search parameters: page, page size, sort and filters. One schema reads them
// (server page, CSV export, saved views) and one function writes them (links, the client's navigation),
// so a view can be shared and bookmarked. Pure: imported by client components too.
//
// A broken or outdated parameter never breaks the page: each field falls back to its default (a
// bookmarked view keeps working when a value is retired).
import { z } from "zod";
import { BusinessArea, MovementRequestStatus, TransportMethod } from "@/lib/generated/prisma/enums";

export const BOARD_SORT_COLUMNS = [
  "vehicle",
  "origin",
  "destination",
  "ready",
  "due",
  "estimatedDelivery",
  "status",
  "estimatedCost",
  "cost",
  "created",
] as const;
export type BoardSortColumn = (typeof BOARD_SORT_COLUMNS)[number];

export const PAGE_SIZES = [25, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_MAX_LENGTH = 100;
/** The count stops here: beyond it the board says "10,000+" (issue #15). */
export const BOARD_COUNT_LIMIT = 10_000;
/** The deepest row a bookmarked `page=N` reaches by offset; deeper pages are reached by cursor. */
export const BOARD_MAX_OFFSET = 10_000;
/** The cursor of the last page: the board's order walked back from its end. */
export const LAST_PAGE_CURSOR = "last";
/** A "carrier" filter value meaning: no leg has a driver or a 3PL yet. */
export const UNASSIGNED = "none";

export const BOARD_DEFAULTS = {
  page: 1,
  pageSize: 25,
  sort: "created",
  dir: "desc",
} as const satisfies { page: number; pageSize: number; sort: BoardSortColumn; dir: "asc" | "desc" };

const STATUSES = Object.values(MovementRequestStatus);

/** "a,b,c" → the known values, distinct, in the order given; unknown ones are dropped. */
function listOf<const T extends string>(allowed: readonly T[]) {
  return z
    .string()
    .optional()
    .transform((value) => {
      const items = (value ?? "").split(",").filter((item): item is T => allowed.includes(item as T));
      return [...new Set(items)];
    })
    .catch([]);
}

const idListSchema = z
  .string()
  .optional()
  .transform((value) => [
    ...new Set(
      (value ?? "")
        .split(",")
        .map((id) => id.trim())
        .filter((id) => /^[0-9A-Za-z_-]{1,64}$/.test(id)),
    ),
  ])
  .catch([]);

/**
 * The days a board filter can name: real dates (2026-02-30 is not) within years 1900–2999. PostgreSQL has
 * no year 0000, and a created window counts a month either side of the day it is given
 * (board-working-set.ts): any date beyond would fail in SQL or in that arithmetic.
 */
const dateSchema = z.iso
  .date()
  .refine((day) => day >= "1900-01-01" && day <= "2999-12-31")
  .optional()
  .catch(undefined);

/** The board's two views of the same filtered movements: the table, or the map (docs/maps.md). */
export const BOARD_VIEWS = ["table", "map"] as const;

export const boardQuerySchema = z.object({
  view: z.enum(BOARD_VIEWS).catch("table"),
  page: z.coerce.number().int().min(1).max(100_000).catch(BOARD_DEFAULTS.page),
  /** Keyset position (board-keyset.ts): the rows after or before a row, or "last"; opaque here. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,1000}$/)
    .optional()
    .catch(undefined),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(BOARD_DEFAULTS.pageSize),
  sort: z.enum(BOARD_SORT_COLUMNS).catch(BOARD_DEFAULTS.sort),
  dir: z.enum(["asc", "desc"]).catch(BOARD_DEFAULTS.dir),
  /** Statuses, comma-separated; none means every status. */
  status: listOf(STATUSES),
  area: z.enum(Object.values(BusinessArea)).optional().catch(undefined),
  method: z.enum(Object.values(TransportMethod)).optional().catch(undefined),
  /** Origin / destination site ids, comma-separated. */
  origin: idListSchema,
  destination: idListSchema,
  /** A driver's or a 3PL's id (ULIDs never collide), or "none" for requests without a carrier. */
  carrier: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,64}$/)
    .optional()
    .catch(undefined),
  /** Ready-to-collect date range, inclusive, YYYY-MM-DD. */
  readyFrom: dateSchema,
  readyTo: dateSchema,
  /** Delivery deadline range, inclusive. */
  dueFrom: dateSchema,
  dueTo: dateSchema,
  /** Created range (UTC days), inclusive: the window a sort other than "created" reads within. */
  createdFrom: dateSchema,
  createdTo: dateSchema,
  /** Only late requests: deadline passed, not delivered, cancelled or aborted. */
  late: z
    .enum(["1", "true"])
    .optional()
    .transform((value) => value !== undefined)
    .catch(false),
  /** Only requests the worker finds at risk of missing their deadline. */
  atRisk: z
    .enum(["1", "true"])
    .optional()
    .transform((value) => value !== undefined)
    .catch(false),
  /** VIN, VRM, external id or external vehicle id (part of), or a request id. */
  q: z
    .string()
    .optional()
    .transform((value) => {
      // Control characters are no part of a VIN, VRM or id, and PostgreSQL refuses a NUL in text.
      const trimmed = (value ?? "")
        .replace(/[\u0000-\u001f\u007f]/g, " ")
        .trim()
        .replace(/\s+/g, " ");
      return trimmed ? [...trimmed].slice(0, SEARCH_MAX_LENGTH).join("") : undefined;
    })
    .catch(undefined),
});

export type BoardQuery = z.output<typeof boardQuerySchema>;
export type BoardFilters = Omit<BoardQuery, "view" | "page" | "cursor" | "pageSize" | "sort" | "dir">;

type RawSearchParams =
  URLSearchParams | Record<string, string | readonly string[] | undefined> | Iterable<[string, string]>;

/** Reads Next's `searchParams` (or a URLSearchParams): a repeated parameter counts once, its first value. */
export function parseBoardQuery(raw: RawSearchParams): BoardQuery {
  const record: Record<string, string> = {};
  const entries: Iterable<[string, string | readonly string[] | undefined]> =
    raw instanceof URLSearchParams || Symbol.iterator in raw
      ? (raw as Iterable<[string, string]>)
      : Object.entries(raw);
  for (const [key, value] of entries) {
    const first = typeof value === "string" ? value : value?.[0];
    if (first !== undefined && !(key in record)) record[key] = first;
  }
  return boardQuerySchema.parse(record);
}

/**
 * The query as search parameters, defaults left out (short, stable URLs): the inverse of
 * parseBoardQuery for every valid query.
 */
export function boardQueryToSearchParams(
  query: Partial<BoardQuery>,
  options: { omitPage?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | undefined) => {
    if (value) params.set(key, value);
  };
  if (query.view === "map") put("view", "map");
  if (!options.omitPage && query.page && query.page !== BOARD_DEFAULTS.page) put("page", String(query.page));
  if (!options.omitPage) put("cursor", query.cursor);
  if (query.pageSize && query.pageSize !== BOARD_DEFAULTS.pageSize) put("pageSize", String(query.pageSize));
  const sort = query.sort ?? BOARD_DEFAULTS.sort;
  const dir = query.dir ?? BOARD_DEFAULTS.dir;
  if (sort !== BOARD_DEFAULTS.sort || dir !== BOARD_DEFAULTS.dir) {
    put("sort", sort);
    put("dir", dir);
  }
  put("status", query.status?.join(","));
  put("area", query.area);
  put("method", query.method);
  put("origin", query.origin?.join(","));
  put("destination", query.destination?.join(","));
  put("carrier", query.carrier);
  put("readyFrom", query.readyFrom);
  put("readyTo", query.readyTo);
  put("dueFrom", query.dueFrom);
  put("dueTo", query.dueTo);
  put("createdFrom", query.createdFrom);
  put("createdTo", query.createdTo);
  if (query.late) put("late", "1");
  if (query.atRisk) put("atRisk", "1");
  put("q", query.q);
  return params;
}

/** Every filter at "all": what "Clear filters" applies (sort and page size stay). */
export const NO_FILTERS: BoardFilters = {
  status: [],
  area: undefined,
  method: undefined,
  origin: [],
  destination: [],
  carrier: undefined,
  readyFrom: undefined,
  readyTo: undefined,
  dueFrom: undefined,
  dueTo: undefined,
  createdFrom: undefined,
  createdTo: undefined,
  late: false,
  atRisk: false,
  q: undefined,
};

/** True when any filter narrows the rows (for "clear filters" and the empty state's wording). */
export function hasFilters(query: BoardFilters): boolean {
  return Boolean(
    query.status.length ||
    query.area ||
    query.method ||
    query.origin.length ||
    query.destination.length ||
    query.carrier ||
    query.readyFrom ||
    query.readyTo ||
    query.dueFrom ||
    query.dueTo ||
    query.createdFrom ||
    query.createdTo ||
    query.late ||
    query.atRisk ||
    query.q,
  );
}
