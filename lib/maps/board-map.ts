// The board's Map view (docs/maps.md): the organisation's sites, its movements as lanes (one line per
// origin → destination pair with a count, not one per request) and the vehicles on the road at their
// last position. Compact arrays rather than one object per item: at 20,000 open movements the answer
// stays well under 300 KB (docs/performance-scale.md, "The board's map").
//
// The board's own filters apply (boardFilterSql), so a saved view shows the same movements on the map
// as in the table, but only the open ones: a delivered movement has no line left to draw, and the open
// movements bound the map's work at any scale (20,000 rows at 1 M requests, where the delivered are
// 900,000). A status filter is narrowed to its open statuses; one that names only ended statuses
// shows the sites alone.
import { kysely, sql, type RawBuilder } from "@/lib/db";
import { MovementRequestStatus, MovementStatus } from "@/lib/generated/prisma/enums";
import { boardFilterSql } from "@/lib/movement-requests/board/board-sql";
import type { BoardFilters } from "@/lib/movement-requests/board/board-query";
import { utcToday } from "@/lib/movement-requests/board/board-row";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

/** [id, code, name, latitude, longitude, isPrepSite (1/0)] */
export type MapSite = [string, string, string, number, number, 0 | 1];
/** [origin's index in sites, destination's index in sites, movements on the lane] */
export type MapLane = [number, number, number];
/** [movement request id, latitude, longitude, VRM or null] */
export type MapVehicle = [string, number, number, string | null];

export type BoardMap = {
  sites: MapSite[];
  lanes: MapLane[];
  vehicles: MapVehicle[];
  /** More vehicles matched than the limit: the newest positions are sent. */
  vehiclesTruncated: boolean;
};

/**
 * The most vehicles one answer carries (about 60 bytes each, 180 KB at most): with the sites and the
 * lanes, the answer stays under 300 KB at any scale. Beyond it, the newest positions are sent.
 */
export const MAP_VEHICLE_LIMIT = 3_000;

const OPEN_STATUSES = Object.values(MovementRequestStatus).filter(
  (status) => !TERMINAL_STATUSES.includes(status),
);

/** Five decimals: about a metre, which is all a position holds and a third of the bytes. */
const coordinate = (value: number) => Math.round(value * 1e5) / 1e5;

export async function getBoardMap(
  organisationId: string,
  filters: BoardFilters,
  now: Date = new Date(),
  vehicleLimit = MAP_VEHICLE_LIMIT,
): Promise<BoardMap> {
  // Only ended statuses asked for: nothing open to draw, nothing to read.
  const open = openStatusesOf(filters).length > 0;
  const none = { rows: [] };
  const [sites, lanes, vehicles] = await Promise.all([
    kysely()
      .selectFrom("Site")
      .select(["id", "code", "name", "latitude", "longitude", "isPrepSite"])
      .where("organisationId", "=", organisationId)
      .orderBy("name")
      .orderBy("id")
      .execute(),
    open ? boardMapLanesSql(organisationId, filters, now).execute(kysely()) : none,
    open ? boardMapVehiclesSql(organisationId, filters, now, vehicleLimit + 1).execute(kysely()) : none,
  ]);
  const index = new Map(sites.map((site, at) => [site.id, at]));
  return {
    sites: sites.map((site) => [
      site.id,
      site.code,
      site.name,
      coordinate(site.latitude),
      coordinate(site.longitude),
      site.isPrepSite ? 1 : 0,
    ]),
    lanes: lanes.rows.flatMap((lane): MapLane[] => {
      const from = index.get(lane.originSiteId);
      const to = index.get(lane.destinationSiteId);
      return from === undefined || to === undefined ? [] : [[from, to, lane.count]];
    }),
    vehicles: vehicles.rows
      .slice(0, vehicleLimit)
      .map((vehicle) => [
        vehicle.movementRequestId,
        coordinate(vehicle.latitude),
        coordinate(vehicle.longitude),
        vehicle.vrm,
      ]),
    vehiclesTruncated: vehicles.rows.length > vehicleLimit,
  };
}

/** The board's statuses that are open: all of them when the filter names none. */
export function openStatusesOf(filters: BoardFilters): MovementRequestStatus[] {
  return filters.status.length
    ? filters.status.filter((status) => OPEN_STATUSES.includes(status))
    : OPEN_STATUSES;
}

/** The filters of the board, narrowed to the open statuses (at least one: see getBoardMap). */
function mapFilterSql(organisationId: string, filters: BoardFilters, now: Date) {
  const narrowed = { ...filters, status: openStatusesOf(filters) };
  // The count's form of each condition: the map reads every match, as the count does.
  return sql.join(boardFilterSql(organisationId, narrowed, utcToday(now), "count"), sql` and `);
}

/** One row per lane (bench/scale/explain-board.ts explains it). */
export function boardMapLanesSql(
  organisationId: string,
  filters: BoardFilters,
  now: Date,
): RawBuilder<{ originSiteId: string; destinationSiteId: string; count: number }> {
  return sql`
    select mr."originSiteId", mr."destinationSiteId", count(*)::int as count
    from "MovementRequest" mr
    where ${mapFilterSql(organisationId, filters, now)}
    group by mr."originSiteId", mr."destinationSiteId"`;
}

/** The matching requests' legs on the road with a position, newest position first. */
export function boardMapVehiclesSql(
  organisationId: string,
  filters: BoardFilters,
  now: Date,
  limit: number,
): RawBuilder<{
  movementRequestId: string;
  latitude: number;
  longitude: number;
  vrm: string | null;
}> {
  return sql`
    select lp."movementRequestId", lp.latitude, lp.longitude, mr.vrm
    from "MovementLastPosition" lp
    join "Movement" m on m.id = lp."movementId" and m.status = ${MovementStatus.IN_PROGRESS}::"MovementStatus"
    join "MovementRequest" mr on mr.id = lp."movementRequestId"
    where lp."organisationId" = ${organisationId} and ${mapFilterSql(organisationId, filters, now)}
    order by lp."recordedAt" desc
    limit ${limit}`;
}
