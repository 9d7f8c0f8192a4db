// Keyset pagination of the board (issue #15): a page is "the rows after (or before) this row" in the
// board's order, so page 40,000 costs what page 2 costs. Each sort column is a list of keys ending in
// the id (unique: no two rows tie, so pages never overlap or skip). Empty values sort last in both
// directions. The cursor is opaque to the URL: base64url JSON of the direction and the key values of
// the row it starts from. The SQL of the order and of "after this row" is in board-sql.ts.
import { z } from "zod";
import { MovementRequestStatus, Timeslot } from "@/lib/generated/prisma/enums";
import {
  LAST_PAGE_CURSOR,
  type BoardQuery,
  type BoardSortColumn,
} from "@/lib/movement-requests/board/board-query";
import type { BoardRowSource } from "@/lib/movement-requests/board/board-row";

export type KeyValue = string | number | Date | null;

/** A sort key: a column of MovementRequest, or the name of its origin / destination site. */
export type BoardKey = {
  column: string;
  /** Set for the site name keys: the site relation whose name is sorted on. */
  site?: "origin" | "destination";
  kind: "string" | "number" | "date";
  nullable: boolean;
  /** An enum column's values: a cursor holding another value is refused. */
  allowed?: readonly string[];
  value: (row: BoardRowSource) => KeyValue;
};

function column<F extends keyof BoardRowSource & string>(
  field: F,
  kind: BoardKey["kind"],
  nullable: boolean,
  allowed?: readonly string[],
): BoardKey {
  return { column: field, kind, nullable, allowed, value: (row) => row[field] as KeyValue };
}

function siteName(site: "origin" | "destination"): BoardKey {
  return {
    column: "name",
    site,
    kind: "string",
    nullable: false,
    value: (row) => (site === "origin" ? row.originSite : row.destinationSite).name,
  };
}

const TIMESLOTS = Object.values(Timeslot);
const STATUSES = Object.values(MovementRequestStatus);

// Enum columns (status, timeslots) compare in the enum's declared order, as PostgreSQL sorts them.
const KEYS: Record<BoardSortColumn, BoardKey[]> = {
  vehicle: [column("vrm", "string", true), column("vin", "string", true)],
  origin: [siteName("origin")],
  destination: [siteName("destination")],
  ready: [
    column("readyToCollectFromDate", "date", false),
    column("readyToCollectFromTimeslot", "string", false, TIMESLOTS),
  ],
  due: [column("deliveryByDate", "date", false), column("deliveryByTimeslot", "string", false, TIMESLOTS)],
  estimatedDelivery: [
    column("estimatedDeliveryDate", "date", true),
    column("estimatedDeliveryTimeslot", "string", true, TIMESLOTS),
  ],
  status: [column("status", "string", false, STATUSES)],
  estimatedCost: [column("estimatedCostCents", "number", true)],
  cost: [column("costCents", "number", true)],
  created: [column("createdAt", "date", false)],
};

const ID_KEY = column("id", "string", false);

/** The sort's keys, ending in the id. */
export function boardKeysOf(sort: BoardSortColumn): BoardKey[] {
  return [...KEYS[sort], ID_KEY];
}

export type BoardCursor = { direction: "after" | "before"; values: KeyValue[] } | { direction: "last" };

/** The row's position in the board's order (what the keyset condition takes). */
export function boardKeyValues(query: Pick<BoardQuery, "sort">, row: BoardRowSource): KeyValue[] {
  return boardKeysOf(query.sort).map((key) => key.value(row));
}

export function boardCursorOf(
  query: Pick<BoardQuery, "sort">,
  row: BoardRowSource,
  direction: "after" | "before",
): string {
  const values = boardKeyValues(query, row).map((value) =>
    value instanceof Date ? value.toISOString() : value,
  );
  return Buffer.from(JSON.stringify({ d: direction, v: values }), "utf8").toString("base64url");
}

const cursorJson = z.object({
  d: z.enum(["after", "before"]),
  v: z.array(z.union([z.string().max(200), z.number(), z.null()])).max(4),
});

/** The cursor's direction and key values for this sort, or undefined when it is not one (or another sort's). */
export function decodeBoardCursor(text: string, query: Pick<BoardQuery, "sort">): BoardCursor | undefined {
  if (text === LAST_PAGE_CURSOR) return { direction: "last" };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const parsed = cursorJson.safeParse(json);
  const keys = boardKeysOf(query.sort);
  if (!parsed.success || parsed.data.v.length !== keys.length) return undefined;
  const values: KeyValue[] = [];
  for (const [index, key] of keys.entries()) {
    const value = parsed.data.v[index] ?? null;
    if (value === null) {
      if (!key.nullable) return undefined;
      values.push(null);
    } else if (key.kind === "number") {
      if (typeof value !== "number" || !Number.isSafeInteger(value)) return undefined;
      values.push(value);
    } else if (typeof value !== "string") {
      return undefined;
    } else if (key.kind === "date") {
      const date = new Date(value);
      if (Number.isNaN(date.getTime()) || date.toISOString() !== value) return undefined;
      values.push(date);
    } else if (key.allowed && !key.allowed.includes(value)) {
      return undefined;
    } else {
      values.push(value);
    }
  }
  return { direction: parsed.data.d, values };
}
