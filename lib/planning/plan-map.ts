// What the review's map (components/planning/plan-map.tsx) draws of a plan: the sites by id, each
// request's lane and each driver's home, and the legs of a driver's chain. Plain data, client-safe.
import type { PlannedMove } from "@/lib/planning/model";

export type PlanMapSite = { name: string; latitude: number; longitude: number };

export type PlanMapData = {
  /** Every site a request's lane or a driver's home names, by id. */
  sites: Record<string, PlanMapSite>;
  /** Each request of the plan: its origin and destination site ids. */
  lanes: Record<string, { originSiteId: string; destinationSiteId: string }>;
  /** Each driver with a home site: its id, and its clock (null: unknown, UTC) that says a shift's day. */
  homes: Record<string, { siteId: string; timeZone: string | null }>;
};

/** A leg between two sites: moving a vehicle (loaded), or the driver on their own (empty). */
export type ChainLeg = { fromSiteId: string; toSiteId: string; loaded: boolean };

/**
 * A driver's chain as legs: from home to the first origin, each move, on to the next origin, and home.
 * A driver's day is one shift from home back home (docs/planning.md), so a move on a later day than the
 * one before starts from home again. Legs from a site to itself are left out, and the legs from and to
 * home when the driver has none now (it was taken away after the plan was made).
 */
export function chainLegs(
  moves: readonly PlannedMove[],
  lanes: PlanMapData["lanes"],
  home: PlanMapData["homes"][string] | undefined,
): ChainLeg[] {
  const legs: ChainLeg[] = [];
  const go = (fromSiteId: string | undefined, toSiteId: string | undefined, loaded: boolean) => {
    if (fromSiteId && toSiteId && fromSiteId !== toSiteId) legs.push({ fromSiteId, toSiteId, loaded });
  };
  const dayOf = shiftDay(home?.timeZone ?? null);
  let at = home?.siteId;
  let day: string | null = null;
  for (const move of moves) {
    const lane = lanes[move.requestId];
    if (!lane) continue;
    const moveDay = dayOf(move.collectAt);
    if (day !== null && moveDay !== day) {
      go(at, home?.siteId, false);
      at = home?.siteId;
    }
    go(at, lane.originSiteId, false);
    go(lane.originSiteId, lane.destinationSiteId, true);
    at = lane.destinationSiteId;
    day = moveDay;
  }
  go(at, home?.siteId, false);
  return legs;
}

/** The local date ("2026-12-24") of an instant at the home site's clock. */
export function shiftDay(timeZone: string | null): (instant: string) => string {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: timeZone ?? "UTC",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return (instant) => format.format(new Date(instant));
}
