// aborted: the movement is abandoned, once a carrier is assigned and before delivery. Every leg not yet
// delivered (or cancelled) is ABORTED with the reason and the free-text detail; each publishes
// movement.aborted with the reason only (the detail is stored for staff, never published). A linked
// prep job goes back to waiting for a movement.
import { db } from "@/lib/db";
import { updateLegAndPublish } from "@/lib/events/record-movement-event";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import type { AbortedBody } from "@/lib/movement-requests/operations/schemas";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";
import { notifyMovementRecipient } from "@/lib/notifications/notify-movement-recipient";
import { followMovementRequest } from "@/lib/prep-jobs/follow-movement-request";

export async function markAborted(scope: ActorScope, requestId: string, body: AbortedBody) {
  const now = new Date();
  return db().$transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    const aborted = await transitionMovementRequest(tx, request, "abort", "ABORTED", {
      actor: scope.actor,
      now,
      reason: body.reason,
    });
    const open = request.movements.filter((leg) => leg.status === "OPEN" || leg.status === "IN_PROGRESS");
    for (const leg of open) {
      await updateLegAndPublish(tx, aborted, leg.id, "movement.aborted", {
        now,
        data: { status: "ABORTED", abortReason: body.reason, abortDetail: body.detail ?? null },
      });
    }
    await followMovementRequest(tx, aborted, "calledOff", { actor: scope.actor, now });
    await notifyMovementRecipient(tx, aborted, "aborted");
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}
