// collected: a leg is picked up at its origin. The leg (default: the first open leg that has a carrier)
// becomes IN_PROGRESS with originActualOn = the given date, else today at its origin site; the request
// is IN_PROGRESS. Legs run in order: a leg is collected only once every earlier leg is delivered.
// Publishes movement.collected, and tells the customer it is on its way (docs/notifications.md).
import { transaction } from "@/lib/db";
import { enqueueCustomerMessage } from "@/lib/notifications/customer/enqueue-customer-message";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import {
  getMovementRequestOrThrow,
  type MovementRequestWithLegs,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import { estimatedArrivalWindowOf } from "@/lib/movement-requests/eta/estimated-arrival-body";
import { collectBlocker, legAllows, legsFor } from "@/lib/movement-requests/leg-transitions";
import {
  actualDateOrThrow,
  assertActionAllowed,
  assertCarrierHolds,
  hasCarrier,
  legConflict,
  legOrThrow,
} from "@/lib/movement-requests/operations/legs";
import type { CollectedBody } from "@/lib/movement-requests/operations/schemas";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { transitionLeg } from "@/lib/movement-requests/transition-leg";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";

export async function markCollected(scope: ActorScope, requestId: string, body: CollectedBody = {}) {
  const now = new Date();
  // One Kysely transaction: the request, the leg, their events and outbox rows, the customer message.
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertActionAllowed("collect", request.status);
    const leg = legToCollect(request, body.legNumber);
    assertCarrierHolds(scope, [leg]);
    const originActualOn = await actualDateOrThrow(tx, leg.originSiteId, body.on, now);
    const collected = await transitionMovementRequest(tx, request, "collect", "IN_PROGRESS", {
      actor: scope.actor,
      now,
      reason: `Leg ${leg.legNumber} collected`,
    });
    await transitionLeg(tx, collected, leg, "collect", { now, data: { originActualOn } });
    // The first collection tells the customer; a later leg's finds the message written (a no-op).
    await enqueueCustomerMessage(tx, {
      movementRequestId: request.id,
      kind: "ON_ITS_WAY",
      eta: estimatedArrivalWindowOf(request),
      now,
    });
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}

function legToCollect(request: MovementRequestWithLegs, legNumber: number | undefined) {
  const legs = request.movements;
  const leg =
    legNumber === undefined ? legsFor("collect", legs).find(hasCarrier) : legOrThrow(legs, legNumber);
  if (!leg) throw legConflict("No open leg of this movement request has a carrier to collect it.");
  if (!legAllows("collect", leg.status)) throw legConflict(`Leg ${leg.legNumber} is already ${leg.status}.`);
  if (!hasCarrier(leg)) throw legConflict(`Leg ${leg.legNumber} has no carrier; plan it first.`);
  const pending = collectBlocker(legs, leg);
  if (pending) {
    throw legConflict(
      `Leg ${pending.legNumber} is ${pending.status}; it must be delivered before leg ${leg.legNumber} is collected.`,
    );
  }
  return leg;
}
