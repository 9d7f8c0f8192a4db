// Cancellation (extension): allowed until collection. Every open leg is cancelled and publishes
// movement.cancelled; a linked prep job goes back to waiting for a movement.
import { transaction } from "@/lib/db";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { legsFor } from "@/lib/movement-requests/leg-transitions";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { transitionLeg } from "@/lib/movement-requests/transition-leg";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";
import { followMovementRequest } from "@/lib/prep-job-stages/follow-movement-request";

export async function cancelMovementRequest(scope: ActorScope, requestId: string, reason?: string) {
  const now = new Date();
  // One Kysely transaction: the request, its legs, their events and outbox rows, the prep job.
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    const cancelled = await transitionMovementRequest(tx, request, "cancel", "CANCELLED", {
      actor: scope.actor,
      now,
      reason,
    });
    for (const leg of legsFor("cancel", request.movements)) {
      await transitionLeg(tx, cancelled, leg, "cancel", { now });
    }
    await followMovementRequest(tx, cancelled, "calledOff", { actor: scope.actor, now });
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}
