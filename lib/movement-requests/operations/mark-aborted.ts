// aborted: the movement is abandoned, once a carrier is assigned and before delivery. Every leg not yet
// delivered (or cancelled) is ABORTED with the reason and the free-text detail; each publishes
// movement.aborted with the reason only (the detail is stored for staff, never published). A linked
// prep job goes back to waiting for a movement.
import { transaction } from "@/lib/db";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { legsFor } from "@/lib/movement-requests/leg-transitions";
import { assertCarrierHolds } from "@/lib/movement-requests/operations/legs";
import type { AbortedBody } from "@/lib/movement-requests/operations/schemas";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { transitionLeg } from "@/lib/movement-requests/transition-leg";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";
import { notifyMovementRecipient } from "@/lib/notifications/notify-movement-recipient";
import { followMovementRequest } from "@/lib/prep-job-stages/follow-movement-request";

export async function markAborted(scope: ActorScope, requestId: string, body: AbortedBody) {
  const now = new Date();
  // One Kysely transaction: the request, its legs, their events and outbox rows, the prep job, the e-mail.
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertCarrierHolds(scope, legsFor("abort", request.movements));
    const aborted = await transitionMovementRequest(tx, request, "abort", "ABORTED", {
      actor: scope.actor,
      now,
      reason: body.reason,
    });
    for (const leg of legsFor("abort", request.movements)) {
      await transitionLeg(tx, aborted, leg, "abort", {
        now,
        data: { abortReason: body.reason, abortDetail: body.detail ?? null },
      });
    }
    await followMovementRequest(tx, aborted, "calledOff", { actor: scope.actor, now });
    await notifyMovementRecipient(tx, aborted, "aborted");
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}
