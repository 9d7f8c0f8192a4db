// delivered: the leg in progress reaches its destination. It becomes DELIVERED with destinationActualOn
// = the given date, else today at its destination site (not before its collection). With the last leg
// the request is DELIVERED: completedOn = now, cost = the estimate unless already priced (a 3PL prices
// at acceptance), and a linked prep job follows. Otherwise the request stays IN_PROGRESS.
// Publishes movement.delivered; with the last leg, tells the customer (docs/notifications.md).
import { transaction } from "@/lib/db";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import {
  getMovementRequestOrThrow,
  type MovementRequestWithLegs,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import { isLegDelivered, legAllows, legsFor } from "@/lib/movement-requests/leg-transitions";
import {
  actualDateOrThrow,
  assertActionAllowed,
  assertCarrierHolds,
  legConflict,
  legOrThrow,
} from "@/lib/movement-requests/operations/legs";
import type { DeliveredBody } from "@/lib/movement-requests/operations/schemas";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { transitionLeg } from "@/lib/movement-requests/transition-leg";
import {
  transitionMovementRequest,
  type TransitionOptions,
} from "@/lib/movement-requests/transition-movement-request";
import { enqueueCustomerMessage } from "@/lib/notifications/customer/enqueue-customer-message";
import { notifyMovementRecipient } from "@/lib/notifications/notify-movement-recipient";
import { followMovementRequest } from "@/lib/prep-job-stages/follow-movement-request";

export async function markDelivered(scope: ActorScope, requestId: string, body: DeliveredBody = {}) {
  const now = new Date();
  // One Kysely transaction: the request, the leg, their events and outbox rows, the prep job, the e-mail.
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertActionAllowed("deliver", request.status);
    const leg = legToDeliver(request, body.legNumber);
    assertCarrierHolds(scope, [leg]);
    const destinationActualOn = await actualDateOrThrow(tx, leg.destinationSiteId, body.on, now, {
      date: leg.originActualOn,
      what: `the collection of leg ${leg.legNumber}`,
    });
    const isLastLeg = request.movements.every((other) => other.id === leg.id || isLegDelivered(other));
    const data: NonNullable<TransitionOptions["data"]> = {};
    if (isLastLeg) {
      data.completedOn = now;
      if (request.costCents === null) {
        data.costCents = request.estimatedCostCents;
        data.costCurrency = request.estimatedCostCurrency;
      }
    }
    const delivered = await transitionMovementRequest(
      tx,
      request,
      "deliver",
      isLastLeg ? "DELIVERED" : "IN_PROGRESS",
      { actor: scope.actor, now, reason: `Leg ${leg.legNumber} delivered`, data },
    );
    await transitionLeg(tx, delivered, leg, "deliver", { now, data: { destinationActualOn } });
    if (isLastLeg) {
      await followMovementRequest(tx, delivered, "delivered", { actor: scope.actor, now });
      await notifyMovementRecipient(tx, delivered, "delivered");
      await enqueueCustomerMessage(tx, { movementRequestId: request.id, kind: "DELIVERED", now });
    }
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}

function legToDeliver(request: MovementRequestWithLegs, legNumber: number | undefined) {
  const legs = request.movements;
  const leg = legNumber === undefined ? legsFor("deliver", legs)[0] : legOrThrow(legs, legNumber);
  if (!leg) throw legConflict("No leg of this movement request is in progress; collect one first.");
  if (!legAllows("deliver", leg.status)) {
    throw legConflict(`Leg ${leg.legNumber} is ${leg.status}; only a leg in progress can be delivered.`);
  }
  return leg;
}
