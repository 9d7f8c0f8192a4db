// Where a plan has a request, as the dispatcher moves and locks it (lib/planning/plan-edits.ts). Free of
// the planner's code, so that the board's review (a client component) reads it too.
import type { PlanBody } from "@/lib/planning/model";

/** Where a request goes: one of the organisation's drivers (on a day of theirs), or its cheapest 3PL. */
export type PlanCarrier = { driverId: string } | { thirdParty: true };
/** requestId → the carrier a re-plan must keep. */
export type PlanLocks = Record<string, PlanCarrier>;

/** Where the body has a request now, as a lock would keep it (null: unplanned). */
export function carrierInBody(body: PlanBody, requestId: string): PlanCarrier | null {
  const chain = body.drivers.find((each) => each.moves.some((move) => move.requestId === requestId));
  if (chain) return { driverId: chain.driverId };
  return body.thirdParty.some((entry) => entry.requestId === requestId) ? { thirdParty: true } : null;
}
