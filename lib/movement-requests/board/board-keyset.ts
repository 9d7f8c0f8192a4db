// Keyset pagination of the board (issue #15): a page is "the rows after (or before) this row" in the
// board's order, so page 40,000 costs what page 2 costs. Each sort column is a list of keys ending in
// the id (unique: no two rows tie, so pages never overlap or skip). Empty values sort last in both
// directions, as boardOrderBy orders them. The cursor is opaque to the URL: base64url JSON of the
// direction and the key values of the row it starts from.
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { MovementRequestStatus, Timeslot } from "@/lib/generated/prisma/enums";
import {
  LAST_PAGE_CURSOR,
  type BoardQuery,
  type BoardSortColumn,
} from "@/lib/movement-requests/board/board-query";
import type { BoardRowSource } from "@/lib/movement-requests/board/board-row";

type Where = Prisma.MovementRequestWhereInput;
type Order = Prisma.MovementRequestOrderByWithRelationInput;
type Direction = "asc" | "desc";
type KeyValue = string | number | Date | null;

type Key = {
  kind: "string" | "number" | "date";
  nullable: boolean;
  value: (row: BoardRowSource) => KeyValue;
  order: (sort: Direction, nulls: "first" | "last") => Order;
  equals: (value: KeyValue) => Where;
  /** Strictly after `value` in `sort` order (value not null). */
  beyond: (value: string | number | Date, sort: Direction) => Where;
  /** At or after `value` (not null): a range the index seeks to; undefined when it has none. */
  from?: (value: string | number | Date, sort: Direction) => Where;
};

function column<F extends keyof Prisma.MovementRequestWhereInput & keyof Order>(
  field: F,
  kind: Key["kind"],
  nullable: boolean,
  value: (row: BoardRowSource) => KeyValue,
): Key {
  return {
    kind,
    nullable,
    value,
    order: (sort, nulls) => ({ [field]: nullable ? { sort, nulls } : sort }) as Order,
    equals: (v) => ({ [field]: v }) as Where,
    beyond: (v, sort) => ({ [field]: sort === "asc" ? { gt: v } : { lt: v } }) as Where,
    from: (v, sort) => ({ [field]: sort === "asc" ? { gte: v } : { lte: v } }) as Where,
  };
}

/** An enum column: Prisma has no gt/lt for enums, so "after" is "one of the later values". */
function enumColumn(
  field: "status" | "readyToCollectFromTimeslot" | "deliveryByTimeslot",
  values: readonly string[],
  value: (row: BoardRowSource) => string,
): Key {
  const later = (v: unknown, sort: Direction, inclusive: boolean) => {
    const at = values.indexOf(String(v));
    return sort === "asc" ? values.slice(inclusive ? at : at + 1) : values.slice(0, inclusive ? at + 1 : at);
  };
  return {
    ...column(field, "string", false, value),
    beyond: (v, sort) => ({ [field]: { in: later(v, sort, false) } }) as Where,
    from: (v, sort) => ({ [field]: { in: later(v, sort, true) } }) as Where,
  };
}

function siteName(relation: "originSite" | "destinationSite"): Key {
  return {
    kind: "string",
    nullable: false,
    value: (row) => row[relation].name,
    order: (sort) => ({ [relation]: { name: sort } }) as Order,
    equals: (v) => ({ [relation]: { is: { name: v as string } } }) as Where,
    beyond: (v, sort) =>
      ({ [relation]: { is: { name: sort === "asc" ? { gt: v as string } : { lt: v as string } } } }) as Where,
  };
}

const TIMESLOTS = Object.values(Timeslot);
const STATUSES = Object.values(MovementRequestStatus);

const KEYS: Record<BoardSortColumn, Key[]> = {
  vehicle: [column("vrm", "string", true, (row) => row.vrm), column("vin", "string", true, (row) => row.vin)],
  origin: [siteName("originSite")],
  destination: [siteName("destinationSite")],
  ready: [
    column("readyToCollectFromDate", "date", false, (row) => row.readyToCollectFromDate),
    enumColumn("readyToCollectFromTimeslot", TIMESLOTS, (row) => row.readyToCollectFromTimeslot),
  ],
  due: [
    column("deliveryByDate", "date", false, (row) => row.deliveryByDate),
    enumColumn("deliveryByTimeslot", TIMESLOTS, (row) => row.deliveryByTimeslot),
  ],
  estimatedDelivery: [
    column("estimatedDeliveryDate", "date", true, (row) => row.estimatedDeliveryDate),
    {
      ...column("estimatedDeliveryTimeslot", "string", true, (row) => row.estimatedDeliveryTimeslot),
      beyond: (v, sort) => {
        const at = TIMESLOTS.indexOf(v as Timeslot);
        return {
          estimatedDeliveryTimeslot: {
            in: sort === "asc" ? TIMESLOTS.slice(at + 1) : TIMESLOTS.slice(0, at),
          },
        };
      },
    },
  ],
  status: [enumColumn("status", STATUSES, (row) => row.status)],
  estimatedCost: [column("estimatedCostCents", "number", true, (row) => row.estimatedCostCents)],
  cost: [column("costCents", "number", true, (row) => row.costCents)],
  created: [column("createdAt", "date", false, (row) => row.createdAt)],
};

const ID_KEY = column("id", "string", false, (row) => row.id);

function keysOf(sort: BoardSortColumn): Key[] {
  return [...KEYS[sort], ID_KEY];
}

/** The board's order: the sort column's keys, then the id; empty values last (first when walking back). */
export function boardOrderBy(query: Pick<BoardQuery, "sort" | "dir">, backwards = false): Order[] {
  const sort = backwards ? flip(query.dir) : query.dir;
  return keysOf(query.sort).map((key) => key.order(sort, backwards ? "first" : "last"));
}

/** Rows strictly after `values` in the board's order (backwards: strictly before, walking back). */
export function boardKeysetWhere(
  query: Pick<BoardQuery, "sort" | "dir">,
  values: KeyValue[],
  backwards = false,
): Where {
  const keys = keysOf(query.sort);
  const sort = backwards ? flip(query.dir) : query.dir;
  const alternatives: Where[] = [];
  keys.forEach((key, index) => {
    const value = values[index] ?? null;
    const equalBefore = keys.slice(0, index).map((earlier, at) => earlier.equals(values[at] ?? null));
    let beyond: Where | undefined;
    if (value === null) {
      // Walking forwards nothing follows an empty value but other empty ones; backwards, every value does.
      beyond = backwards ? { NOT: key.equals(null) } : undefined;
    } else {
      beyond = key.beyond(value, sort);
      if (key.nullable && !backwards) beyond = { OR: [beyond, key.equals(null)] };
    }
    if (beyond) alternatives.push({ AND: [...equalBefore, beyond] });
  });
  // The same condition, led by a range on the first key, which PostgreSQL seeks to in the sort's index
  // (it does not for the OR alone). Not when empty values follow (nullable, walking forwards).
  const [first] = keys;
  const start = values[0] ?? null;
  const seek =
    first?.from && start !== null && (!first.nullable || backwards) ? first.from(start, sort) : undefined;
  return seek ? { AND: [seek, { OR: alternatives }] } : { OR: alternatives };
}

export type BoardCursor = { direction: "after" | "before"; values: KeyValue[] } | { direction: "last" };

/** The row's position in the board's order (what boardKeysetWhere takes). */
export function boardKeyValues(query: Pick<BoardQuery, "sort">, row: BoardRowSource): KeyValue[] {
  return keysOf(query.sort).map((key) => key.value(row));
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
  const keys = keysOf(query.sort);
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
    } else {
      values.push(value);
    }
  }
  return { direction: parsed.data.d, values };
}

function flip(dir: Direction): Direction {
  return dir === "asc" ? "desc" : "asc";
}
