// Whether a job link still works, and what it lets its carrier do. Pure: the state comes from the
// link and the request as they are now, so that nothing has to be rewritten when an offer moves on.
// - revoked, or 7 days after the request ended (delivered, aborted, cancelled): gone (404);
// - declined by its carrier: the page says so, and offers nothing;
// - the carrier holds legs of the request, or is among the drivers of an open multi-driver offer: active;
// - another driver won the multi-driver offer it was part of: "taken" (the page says so, nothing offered);
// - otherwise the offer went to someone else: gone.
// The actions are the transition tables' (request and legs) for the carrier's own legs.
import type { JobAction } from "@/lib/carrier-jobs/schemas";
import type { MovementStatus, MovementRequestStatus } from "@/lib/generated/prisma/enums";
import { actingCarrierOf, carrierHoldsLeg } from "@/lib/movement-requests/acting-carrier";
import { collectBlocker, legAllows } from "@/lib/movement-requests/leg-transitions";
import { allowedTargets, canTransition } from "@/lib/movement-requests/transitions";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

export const JOB_LINK_DAYS_AFTER_END = 7;
const DAY_MS = 86_400_000;

export type StandingLink = {
  driverId: string | null;
  thirdPartyLogisticsProviderId: string | null;
  marketplaceCarrierId: string | null;
  revokedAt: Date | null;
  declinedAt: Date | null;
};

export type StandingLeg = {
  legNumber: number;
  status: MovementStatus;
  driverId: string | null;
  thirdPartyLogisticsProviderId: string | null;
  marketplaceCarrierId: string | null;
};

export type StandingRequest = {
  status: MovementRequestStatus;
  /** When the request reached its terminal status (its last change), if it did. */
  endedAt: Date | null;
  legs: StandingLeg[];
  /** The drivers of the latest driver offer (null when no record is left). */
  offeredDriverIds: string[] | null;
};

export type Standing = "active" | "taken" | "declined" | "gone";

export function carrierLegs(link: StandingLink, legs: StandingLeg[]): StandingLeg[] {
  const carrier = actingCarrierOf(link);
  return legs.filter((leg) => carrierHoldsLeg(carrier, leg));
}

export function jobLinkStanding(link: StandingLink, request: StandingRequest, now: Date): Standing {
  if (link.revokedAt) return "gone";
  if (TERMINAL_STATUSES.includes(request.status) && request.endedAt) {
    if (now.getTime() - request.endedAt.getTime() > JOB_LINK_DAYS_AFTER_END * DAY_MS) return "gone";
  }
  if (link.declinedAt) return "declined";
  if (carrierLegs(link, request.legs).length > 0) return "active";
  const offered = link.driverId !== null && (request.offeredDriverIds ?? []).includes(link.driverId);
  if (offered && request.status === "SENT_TO_MULTIPLE_DRIVERS") return "active";
  const wonByAnother = request.legs.some((leg) => leg.driverId !== null);
  if (offered && (request.offeredDriverIds?.length ?? 0) > 1 && wonByAnother) return "taken";
  return "gone";
}

/**
 * The request accepts for this kind of carrier now (the table's target names the carrier's kind). A
 * marketplace carrier never accepts here: its claim or bid won the request (lib/marketplace).
 */
function offerOpenTo(link: StandingLink, status: MovementRequestStatus): boolean {
  if (link.marketplaceCarrierId !== null) return false;
  const to = allowedTargets("accept", status)[0];
  return to === (link.driverId !== null ? "ACCEPTED_SENT_TO_DRIVER" : "ACCEPTED_SENT_TO_3PL");
}

/** The leg each leg action would act on, for this carrier; undefined when none. */
export function legFor(
  action: "collected" | "delivered",
  link: StandingLink,
  request: StandingRequest,
): StandingLeg | undefined {
  const own = carrierLegs(link, request.legs);
  if (action === "collected") {
    if (!canTransition("collect", request.status)) return undefined;
    return own.find((leg) => legAllows("collect", leg.status) && !collectBlocker(request.legs, leg));
  }
  if (!canTransition("deliver", request.status)) return undefined;
  return own.find((leg) => legAllows("deliver", leg.status));
}

export function jobActions(link: StandingLink, request: StandingRequest, now: Date): JobAction[] {
  if (jobLinkStanding(link, request, now) !== "active") return [];
  if (offerOpenTo(link, request.status)) return ["accept", "decline"];
  const own = carrierLegs(link, request.legs);
  const actions: JobAction[] = [];
  if (legFor("collected", link, request)) actions.push("collected");
  if (legFor("delivered", link, request)) actions.push("delivered");
  if (canTransition("abort", request.status) && own.some((leg) => legAllows("abort", leg.status))) {
    actions.push("aborted");
  }
  return actions;
}
