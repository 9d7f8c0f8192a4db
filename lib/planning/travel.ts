// Travel times, in whole minutes (as milliseconds) so that every time of a plan falls on a minute:
// - a move: the lane's learned duration (collection to delivery), else the road distance (great circle ×
//   the road factor) at the method's speed plus the handover, as the at-risk rule's fallback has it;
// - a driver on their own (to the next collection, or home): by public transport, the driven time × the
//   organisation's factor; in a chase car, the driven time, the car's kilometres paid besides.
import { greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import {
  HANDOVER_MS,
  laneKey,
  ROAD_FACTOR,
  ROAD_SPEED_KMH,
} from "@/lib/movement-requests/at-risk/usual-durations";
import type { LaneDurations, Place, PlanningRequest, Repositioning } from "@/lib/planning/model";

const MINUTE = 60_000;
const HOUR = 3_600_000;

export function roadKm(from: Place, to: Place): number {
  return from.siteId === to.siteId ? 0 : ROAD_FACTOR * greatCircleDistanceKm(from, to);
}

export function moveDurationMs(request: PlanningRequest, laneDurations: LaneDurations): number {
  const learned = laneDurations.get(
    laneKey(request.origin.siteId, request.destination.siteId, request.transportMethod),
  );
  const onTheRoad =
    learned ??
    (roadKm(request.origin, request.destination) / ROAD_SPEED_KMH[request.transportMethod]) * HOUR +
      HANDOVER_MS;
  return wholeMinutes(onTheRoad);
}

export function repositionMs(km: number, repositioning: Repositioning): number {
  const driven = (km / ROAD_SPEED_KMH.DRIVEN) * HOUR;
  return wholeMinutes(repositioning.mode === "PUBLIC_TRANSPORT" ? driven * repositioning.factor : driven);
}

function wholeMinutes(ms: number): number {
  return Math.ceil(ms / MINUTE) * MINUTE;
}
