// The board's SQL (issue #15, docs/performance-scale.md), shared by the page query and the CSV export so
// that an export always holds exactly the rows of the view it was started from: the filters, the order
// and the keyset condition, and one statement that reads a page (or an export batch) with its sites and
// its legs' carriers.
//
// The page's ids are chosen first (the inner query), then its rows are read by id with their sites and
// carriers (joins and a JSON aggregate of the legs). "Created" walks the (organisationId, id) index; any
// other order sorts a working set that the filters bound (board-working-set.ts), found through small
// indexes (open requests, status, site, dates), so that no index per sort column is kept (issue #38).
import { sql, type DB, type RawBuilder } from "@/lib/db";
import { readKysely } from "@/lib/read-replicas/read-kysely";
import { toDateOnly } from "@/lib/dates";
import { boardKeysOf, type BoardKey, type KeyValue } from "@/lib/movement-requests/board/board-keyset";
import { UNASSIGNED, type BoardFilters, type BoardQuery } from "@/lib/movement-requests/board/board-query";
import {
  BOARD_ROW_COLUMNS,
  type BoardArrivalSource,
  type BoardRowSource,
} from "@/lib/movement-requests/board/board-row";
import { isBounded, OPEN_STATUSES } from "@/lib/movement-requests/board/board-working-set";

type Sql = RawBuilder<unknown>;
type Direction = "asc" | "desc";

type ColumnName = keyof DB["MovementRequest"] & string;
/** A column of the request (typed: a renamed column fails tsc here). */
const column = (name: ColumnName) => sql.ref(`mr.${name}`);
const and = (parts: Sql[]): Sql => (parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`);
const or = (parts: Sql[]): Sql => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);

// Carrier "none": no leg has a carrier (a driver, a 3PL or a marketplace carrier). For a page (newest first, LIMIT) as two correlated conditions,
// checked row by row along the sort's index: the requests without a carrier are the recent ones.
const noCarrier = sql`not exists (
  select from "Movement" m where m."movementRequestId" = mr.id
    and (m."driverId" is not null or m."thirdPartyLogisticsProviderId" is not null
      or m."marketplaceCarrierId" is not null))`;
// For the count, which reads every match, from the few legs without a carrier (the partial index
// Movement_no_carrier_idx): every request has its first leg from the start (insert-movement-request.ts
// writes both in one statement; legs are never deleted), so a request without a carrier has such a
// leg. The LIMIT keeps the check of the other legs a probe per leg (not a join over every leg).
const noCarrierForCount = sql`mr.id = any(array(
  select m."movementRequestId" from "Movement" m
  where m."driverId" is null and m."thirdPartyLogisticsProviderId" is null and m."marketplaceCarrierId" is null
    and (select 1 from "Movement" c where c."movementRequestId" = m."movementRequestId"
      and (c."driverId" is not null or c."thirdPartyLogisticsProviderId" is not null
        or c."marketplaceCarrierId" is not null) limit 1) is null))`;

/**
 * Every request of the organisation (all its profiles: staff see the whole organisation) that matches.
 * The same rows for a page and for the count; `purpose` picks the form each is fastest in.
 */
export function boardFilterSql(
  organisationId: string,
  filters: BoardFilters,
  today: Date,
  purpose: "page" | "count" = "page",
): Sql[] {
  const where: Sql[] = [sql`${column("organisationId")} = ${organisationId}`];
  const oneOf = (name: ColumnName, values: readonly string[]) =>
    where.push(sql`${column(name)} in (${sql.join(values)})`);
  if (filters.status.length) oneOf("status", filters.status);
  if (filters.area) where.push(sql`${column("businessArea")} = ${filters.area}`);
  if (filters.method) where.push(sql`${column("transportMethod")} = ${filters.method}`);
  if (filters.origin.length) oneOf("originSiteId", filters.origin);
  if (filters.destination.length) oneOf("destinationSiteId", filters.destination);
  const range = (name: ColumnName, from?: string, to?: string) => {
    if (from) where.push(sql`${column(name)} >= ${from}::date`);
    if (to) where.push(sql`${column(name)} <= ${to}::date`);
  };
  range("readyToCollectFromDate", filters.readyFrom, filters.readyTo);
  range("deliveryByDate", filters.dueFrom, filters.dueTo);
  // Whole UTC days: from the first day's midnight to the midnight after the last.
  if (filters.createdFrom) where.push(sql`${column("createdAt")} >= ${filters.createdFrom}::timestamp`);
  if (filters.createdTo) {
    where.push(sql`${column("createdAt")} < ${filters.createdTo}::date + interval '1 day'`);
  }
  if (filters.late) {
    // The open statuses listed (not "not terminal"): the status index reads just those.
    where.push(sql`${column("deliveryByDate")} < ${toDateOnly(today)}::date`);
    oneOf("status", OPEN_STATUSES);
  }
  // The partial index of at-risk requests holds only these. A request finished since the worker's
  // last pass still has its flag for up to a minute: left out, as its row shows no badge.
  if (filters.atRisk) {
    where.push(sql`${column("atRiskSince")} is not null`);
    oneOf("status", OPEN_STATUSES);
  }
  if (filters.carrier === UNASSIGNED) {
    where.push(purpose === "count" ? noCarrierForCount : noCarrier);
  } else if (filters.carrier) {
    where.push(sql`exists (
      select from "Movement" m where m."movementRequestId" = mr.id
        and (m."driverId" = ${filters.carrier} or m."thirdPartyLogisticsProviderId" = ${filters.carrier}))`);
  }
  if (filters.q) {
    // The matches first, by the trigram indexes (a BitmapOr), then their page: with the search beside
    // the sort's ORDER BY … LIMIT, PostgreSQL expects a match every few rows and walks the sort's
    // index instead, through every row when nothing matches (8 s at 1 M).
    where.push(sql`mr.id = any(array(
      select s.id from "MovementRequest" s
      where s."organisationId" = ${organisationId} and ${or(searchSql(filters.q, "s"))}))`);
  }
  return where;
}

/**
 * Part of a VIN (stored upper-case), a VRM (any case; with or without its space), an external id or
 * external vehicle id, or a whole request id. Each "contains" is a LIKE / ILIKE '%q%' that the
 * trigram indexes serve (pg_trgm).
 */
function searchSql(q: string, alias: string): Sql[] {
  const column = (name: ColumnName) => sql.ref(`${alias}.${name}`);
  const contains = (value: string) => `%${value.replace(/[\\%_]/g, "\\$&")}%`;
  return [
    sql`${column("id")} = ${q.toUpperCase()}`,
    sql`${column("vin")} like ${contains(q.toUpperCase())}`,
    ...vrmSpellings(q).map((spelling) => sql`${column("vrm")} ilike ${contains(spelling)}`),
    sql`${column("externalId")} ilike ${contains(q)}`,
    sql`${column("externalVehicleId")} ilike ${contains(q)}`,
  ];
}

/** A VRM holds at most one space: "AB12CDE" or "AB1 2CDE" typed for "AB12 CDE" finds it, and the reverse. */
const VRM_MAX_LENGTH = 8;

export function vrmSpellings(q: string): string[] {
  const compact = q.replace(/\s/g, "");
  if (compact.length > VRM_MAX_LENGTH || !/^[0-9A-Za-z]+$/.test(compact)) return [q];
  const spaced = Array.from(
    { length: compact.length - 1 },
    (_, at) => `${compact.slice(0, at + 1)} ${compact.slice(at + 1)}`,
  );
  return [...new Set([q, compact, ...spaced])];
}

/** A key's expression: the request's column, or (site keys) the name column of the site alias given. */
function keyExpression(key: BoardKey, sites?: { origin: string; destination: string }): Sql {
  if (key.site) return sql.ref(`${sites ? sites[key.site] : "s"}.name`);
  // A request column: boardKeysOf names them by BoardRowSource's fields (Prisma's names, the same).
  return column(key.column as ColumnName);
}

/** ORDER BY of the keys: empty values last (first when walking back, the order reversed). */
function orderSql(keys: BoardKey[], sort: Direction, backwards: boolean, expression = keyExpression): Sql {
  return sql.join(
    keys.map((key) => {
      const direction = sort === "asc" ? sql`asc` : sql`desc`;
      const nulls = key.nullable ? (backwards ? sql` nulls first` : sql` nulls last`) : sql``;
      return sql`${expression(key)} ${direction}${nulls}`;
    }),
  );
}

/**
 * Rows strictly after `values` in the order of `keys` walked in `sort` (backwards: the board's order
 * reversed, so empty values come first), led by a range on the first key that the index seeks to
 * (not when empty values follow: nullable, walking forwards).
 */
function keysetSql(
  keys: BoardKey[],
  values: KeyValue[],
  sort: Direction,
  backwards: boolean,
  expression: (key: BoardKey) => Sql = (key) => keyExpression(key),
): Sql {
  const equal = (key: BoardKey, value: KeyValue) =>
    value === null ? sql`${expression(key)} is null` : sql`${expression(key)} = ${value}`;
  const alternatives: Sql[] = [];
  keys.forEach((key, index) => {
    const value = values[index] ?? null;
    const equalBefore = keys.slice(0, index).map((earlier, at) => equal(earlier, values[at] ?? null));
    let beyond: Sql | undefined;
    if (value === null) {
      // Walking forwards nothing follows an empty value but other empty ones; backwards, every value does.
      beyond = backwards ? sql`${expression(key)} is not null` : undefined;
    } else {
      beyond = sort === "asc" ? sql`${expression(key)} > ${value}` : sql`${expression(key)} < ${value}`;
      if (key.nullable && !backwards) beyond = sql`(${beyond} or ${expression(key)} is null)`;
    }
    if (beyond) alternatives.push(and([...equalBefore, beyond]));
  });
  const [first] = keys;
  const start = values[0] ?? null;
  if (!first || start === null || (first.nullable && !backwards)) return or(alternatives);
  const seek = sort === "asc" ? sql`${expression(first)} >= ${start}` : sql`${expression(first)} <= ${start}`;
  return and([seek, or(alternatives)]);
}

export type BoardRead = {
  organisationId: string;
  query: Pick<BoardQuery, "sort" | "dir"> & BoardFilters;
  today: Date;
  /** Start strictly after this row's key values (in the direction read); none: from the start. */
  after?: KeyValue[];
  /** Read the board's order reversed (Previous, the last page). */
  backwards?: boolean;
  offset?: number;
  limit: number;
};

/** The rows of a page or an export batch, in the order read (reversed when reading backwards). */
export async function readBoardRows(read: BoardRead): Promise<BoardRowSource[]> {
  const { rows } = await boardRowsSql(read).execute(await readKysely());
  return rows;
}

/** The statement of readBoardRows (bench/scale/explain-board.ts explains it). */
export function boardRowsSql(read: BoardRead): RawBuilder<BoardRowSource> {
  const keys = boardKeysOf(read.query.sort);
  const sort = read.backwards ? flip(read.query.dir) : read.query.dir;
  const ids = pageIdsSql(read, keys, sort);
  return sql<BoardRowSource>`
    select ${sql.join(BOARD_ROW_COLUMNS.map((name) => column(name)))},
      json_build_object('id', o.id, 'name', o.name, 'code', o.code) as "originSite",
      json_build_object('id', d.id, 'name', d.name, 'code', d.code) as "destinationSite",
      (select coalesce(json_agg(json_build_object(
          'status', m.status,
          'driver', case when dr.id is null then null
            else json_build_object('id', dr.id, 'firstname', dr.firstname, 'surname', dr.surname) end,
          'provider', case when p.id is null then null else json_build_object('id', p.id, 'name', p.name) end,
          'marketplaceCarrier', case when mc.id is null then null
            else json_build_object('id', mc.id, 'name', mc.name) end
        ) order by m."legNumber"), '[]'::json)
        from "Movement" m
        left join "Driver" dr on dr.id = m."driverId"
        left join "ThirdPartyLogisticsProvider" p on p.id = m."thirdPartyLogisticsProviderId"
        left join "MarketplaceCarrier" mc on mc.id = m."marketplaceCarrierId"
        where m."movementRequestId" = mr.id) as movements,
      ${arrivalJsonSql(sql.ref("mr.id"), sql.ref("d.countryCode"), sql.ref("d.timezone"))} as "estimatedArrival"
    from "MovementRequest" mr
    join "Site" o on o.id = mr."originSiteId"
    join "Site" d on d.id = mr."destinationSiteId"
    where mr.id in (select id from (${ids}) as page)
    order by ${orderSql(keys, sort, Boolean(read.backwards), (key) =>
      keyExpression(key, { origin: "o", destination: "d" }),
    )}`;
}

/** The stored estimated arrival window of a request with its destination's zone, as JSON (or null). */
function arrivalJsonSql(requestId: Sql, countryCode: Sql, timezone: Sql): Sql {
  const iso = (column: string) => sql`to_char(${sql.ref(column)}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return sql`(select json_build_object('earliest', ${iso("e.earliest")}, 'latest', ${iso("e.latest")},
      'countryCode', ${countryCode}, 'timezone', ${timezone})
    from "MovementEta" e where e."movementRequestId" = ${requestId})`;
}

/** The detail panel's estimated arrival (its row is read by the ORM). */
export async function readBoardArrival(requestId: string): Promise<BoardArrivalSource | null> {
  const { rows } = await sql<{ arrival: BoardArrivalSource | null }>`
    select ${arrivalJsonSql(sql`r.id`, sql`d."countryCode"`, sql`d.timezone`)} as arrival
    from "MovementRequest" r join "Site" d on d.id = r."destinationSiteId"
    where r.id = ${requestId}`.execute(await readKysely());
  return rows[0]?.arrival ?? null;
}

/** How many rows match, counted up to `cap` (then it stops). */
export async function countBoardRows(
  organisationId: string,
  filters: BoardFilters,
  today: Date,
  cap: number,
): Promise<number> {
  const { rows } = await boardCountSql(organisationId, filters, today, cap).execute(await readKysely());
  return rows[0]?.count ?? 0;
}

export function boardCountSql(
  organisationId: string,
  filters: BoardFilters,
  today: Date,
  cap: number,
): RawBuilder<{ count: number }> {
  return sql<{ count: number }>`
    select count(*)::int as count from (
      select from "MovementRequest" mr
      where ${and(boardFilterSql(organisationId, filters, today, "count"))}
      limit ${cap}
    ) as capped`;
}

/**
 * The ids of the page, in the order read (a site name's order joins the site). A working set (any sort
 * but "created", or "created" within a short date range) is read first, fenced off as a materialised
 * CTE, then sorted: otherwise PostgreSQL may walk an index in the sort's order hoping to meet the set's
 * rows early, and read most of the history first (a month's deadlines from the oldest deadline up: 640 ms
 * at 1 M requests).
 */
function pageIdsSql(read: BoardRead, keys: BoardKey[], sort: Direction): Sql {
  const filters = boardFilterSql(read.organisationId, read.query, read.today);
  const backwards = Boolean(read.backwards);
  const keyset = read.after ? [keysetSql(keys, read.after, sort, backwards)] : [];
  const site = keys[0]?.site;
  const siteColumn = site === "origin" ? "originSiteId" : "destinationSiteId";
  const siteJoin = site ? sql`join "Site" s on s.id = ${column(siteColumn)}` : sql``;
  const page = sql`order by ${orderSql(keys, sort, backwards)} limit ${read.limit} offset ${read.offset ?? 0}`;
  if (!isBounded(read.query, toDateOnly(read.today))) {
    return sql`select mr.id from "MovementRequest" mr ${siteJoin} where ${and([...filters, ...keyset])} ${page}`;
  }
  const columns = new Set<string>(["id", ...keys.filter((key) => !key.site).map((key) => key.column)]);
  if (site) columns.add(siteColumn);
  return sql`
    with working as materialized (
      select ${sql.join([...columns].map((name) => column(name as ColumnName)))}
      from "MovementRequest" mr where ${and(filters)})
    select mr.id from working mr ${siteJoin} where ${and(keyset)} ${page}`;
}

function flip(dir: Direction): Direction {
  return dir === "asc" ? "desc" : "asc";
}
