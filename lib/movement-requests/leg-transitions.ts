// The movement leg lifecycle: one table of what each action does to a leg (a "movement" of the
// specification). For each action: the statuses a leg may be in for it, the status it leaves the leg
// in, and the webhook event it publishes. The request's own lifecycle is lib/movement-requests/
// transitions.ts; the use cases change both through transitionMovementRequest and transitionLeg, and
// pick legs by status through this table. Pure: imported by client components too.
import type { WebhookEventType } from "@/lib/events/movement-envelope";
import { MovementStatus as LegStatus } from "@/lib/generated/prisma/enums";

export type { LegStatus };

type LegRule = { from: readonly LegStatus[]; to: LegStatus | null; event: WebhookEventType | null };

export const LEG_TRANSITIONS = {
  /** A carrier is planned, offered, dispatched or accepts: only a leg not yet collected. No change. */
  assign: { from: ["OPEN"], to: null, event: null },
  /** Picked up at its origin; legs run in order (see collectBlocker). */
  collect: { from: ["OPEN"], to: "IN_PROGRESS", event: "movement.collected" },
  deliver: { from: ["IN_PROGRESS"], to: "DELIVERED", event: "movement.delivered" },
  /** With its request: every leg not yet delivered. */
  abort: { from: ["OPEN", "IN_PROGRESS"], to: "ABORTED", event: "movement.aborted" },
  /** With its request, which is cancelled only before any collection. */
  cancel: { from: ["OPEN"], to: "CANCELLED", event: "movement.cancelled" },
} as const satisfies Record<string, LegRule>;

export type LegAction = keyof typeof LEG_TRANSITIONS;
/** The actions that change a leg's status (and publish an event). */
export type LegChange = {
  [A in LegAction]: (typeof LEG_TRANSITIONS)[A]["to"] extends null ? never : A;
}[LegAction];

export function legAllows(action: LegAction, status: LegStatus): boolean {
  return (LEG_TRANSITIONS[action].from as readonly LegStatus[]).includes(status);
}

/** The legs `action` applies to, in their order. */
export function legsFor<L extends { status: LegStatus }>(action: LegAction, legs: readonly L[]): L[] {
  return legs.filter((leg) => legAllows(action, leg.status));
}

export function isLegDelivered(leg: { status: LegStatus }): boolean {
  return leg.status === LEG_TRANSITIONS.deliver.to;
}

/** The leg a request is at: the first not yet delivered, else the last. */
export function currentLeg<L extends { status: LegStatus }>(legs: readonly L[]): L | undefined {
  return legs.find((leg) => !isLegDelivered(leg)) ?? legs.at(-1);
}

/** Legs run in order: the earlier leg not yet delivered that keeps `leg` from being collected. */
export function collectBlocker<L extends { status: LegStatus; legNumber: number }>(
  legs: readonly L[],
  leg: Pick<L, "legNumber">,
): L | undefined {
  return legs.find((earlier) => earlier.legNumber < leg.legNumber && !isLegDelivered(earlier));
}
