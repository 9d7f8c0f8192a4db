// accept: the planning team takes a pool request on (CREATED → ACCEPTED), or the carrier it was sent to
// accepts it (SENT_TO_X → ACCEPTED_SENT_TO_X). A carrier's acceptance confirms the legs (acceptedAt),
// creates the tracking record if the organisation tracks and there is none yet (trackingUrl appears),
// and a 3PL's prices the movement: cost = its rate-card estimate (absent when it has no rate card for
// the method). For a multiple-driver offer the first driver to accept wins; later ones get 409.
import { transaction, type Kdb } from "@/lib/db";
import { getActiveDriverOrThrow } from "@/lib/drivers/get-active-driver-or-throw";
import { AppError } from "@/lib/errors/app-error";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import {
  getMovementRequestOrThrow,
  type MovementRequestWithLegs,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import { legsFor } from "@/lib/movement-requests/leg-transitions";
import { offeredDriverIds } from "@/lib/movement-requests/operations/driver-offers";
import {
  assertActionAllowed,
  assertCarrierHolds,
  legConflict,
  updateAssignableLegs,
} from "@/lib/movement-requests/operations/legs";
import type { AcceptBody } from "@/lib/movement-requests/operations/schemas";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { newTrackingToken } from "@/lib/movement-requests/tracking-token";
import { allowedTargets } from "@/lib/movement-requests/transitions";
import {
  transitionMovementRequest,
  type TransitionOptions,
} from "@/lib/movement-requests/transition-movement-request";
import { notifyMovementRecipient } from "@/lib/notifications/notify-movement-recipient";
import { acceptedByDriverReason } from "@/lib/movement-requests/actor-names";

export async function acceptMovementRequest(scope: ActorScope, requestId: string, body: AcceptBody = {}) {
  const now = new Date();
  // One Kysely transaction: the request, its legs, its event and outbox rows, the e-mail.
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertActionAllowed("accept", request.status);
    const to = allowedTargets("accept", request.status)[0] ?? request.status;
    // A marketplace request is won through a bid (lib/marketplace), which names the carrier and price.
    if (to === "ACCEPTED_SENT_TO_MARKETPLACE") {
      throw legConflict("A marketplace request is accepted by accepting one of its bids.");
    }
    // What the table's target says about the offer: a driver's, a 3PL's, or none (the planning team's).
    const isDriverOffer = to === "ACCEPTED_SENT_TO_DRIVER";
    if (body.driverId !== undefined && !isDriverOffer) {
      throw new AppError(
        "VALIDATION_ERROR",
        `A request in status ${request.status} is not offered to a driver.`,
        {
          errors: [{ path: "driverId", message: "Only a driver offer is accepted with a driverId" }],
        },
      );
    }
    // A 3PL through its job link accepts only what was sent to it (a driver's offer is checked below).
    if (to === "ACCEPTED_SENT_TO_3PL") assertCarrierHolds(scope, legsFor("assign", request.movements));
    const byCarrier = to !== "ACCEPTED";
    const data: NonNullable<TransitionOptions["data"]> = byCarrier ? trackingOnAcceptance(request) : {};
    if (to === "ACCEPTED_SENT_TO_3PL" && request.costCents === null) {
      data.costCents = request.estimatedCostCents;
      data.costCurrency = request.estimatedCostCurrency;
    }
    const driverId = isDriverOffer ? await acceptingDriverId(tx, request, body.driverId) : undefined;

    const accepted = await transitionMovementRequest(tx, request, "accept", to, {
      actor: scope.actor,
      now,
      reason: driverId ? acceptedByDriverReason(driverId) : undefined,
      data,
    });
    if (byCarrier) {
      await updateAssignableLegs(tx, request.id, now, { acceptedAt: now, ...(driverId ? { driverId } : {}) });
    }
    if (data.trackingToken) await notifyMovementRecipient(tx, accepted, "tracking");
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}

/** "After the transport provider accepts" (specification, trackingUrl): a tracking record, if none yet. */
export function trackingOnAcceptance(request: MovementRequestWithLegs): { trackingToken?: string } {
  return request.organisation.trackingEnabled && !request.trackingToken
    ? { trackingToken: newTrackingToken() }
    : {};
}

/** The driver taking the offer: the one it was sent to, or, for several, the one named who was offered it. */
async function acceptingDriverId(
  tx: Kdb,
  request: MovementRequestWithLegs,
  driverId: string | undefined,
): Promise<string> {
  const offeredTo = legsFor("assign", request.movements).find((leg) => leg.driverId)?.driverId;
  if (request.status === "SENT_TO_DRIVER" && offeredTo) {
    if (driverId !== undefined && driverId !== offeredTo) {
      throw legConflict(`This movement request was offered to another driver, not to ${driverId}.`);
    }
    return offeredTo;
  }
  if (driverId === undefined) {
    throw new AppError("VALIDATION_ERROR", "Name the accepting driver: the request was offered to several.", {
      errors: [{ path: "driverId", message: "Required for an offer to several drivers" }],
    });
  }
  await getActiveDriverOrThrow(tx, request.organisationId, driverId);
  const offered = await offeredDriverIds(tx, request);
  if (offered && !offered.includes(driverId)) {
    throw legConflict(`This movement request was not offered to driver ${driverId}.`);
  }
  return driverId;
}
