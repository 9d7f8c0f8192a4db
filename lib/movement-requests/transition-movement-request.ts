// Every status change of a movement request goes through here: the transition table allows it or
// refuses it (409), and the new status, the audit entry and the event are written together.
import { recordEvent } from "@/lib/events/record-event";
import type { MovementRequest, Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import {
  assertTransition,
  type MovementRequestAction,
  type MovementRequestStatus,
} from "@/lib/movement-requests/transitions";

export type TransitionOptions = {
  actor: string;
  now: Date;
  reason?: string;
  /** Other columns changed with the status (carrier, dates, tracking token…). */
  data?: Prisma.MovementRequestUncheckedUpdateInput;
};

export async function transitionMovementRequest(
  tx: Prisma.TransactionClient,
  request: MovementRequest,
  action: MovementRequestAction,
  to: MovementRequestStatus,
  options: TransitionOptions,
): Promise<MovementRequest> {
  assertTransition(action, request.status, to);
  const updated = await tx.movementRequest.update({
    where: { id: request.id },
    data: { ...options.data, status: to, version: { increment: 1 } },
  });
  if (to !== request.status) {
    await tx.movementRequestStatusChange.create({
      data: {
        id: newId(),
        movementRequestId: request.id,
        fromStatus: request.status,
        toStatus: to,
        actor: options.actor,
        reason: options.reason,
        occurredAt: options.now,
      },
    });
  }
  await recordEvent(tx, {
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: "movement_request.status_changed",
    resourceType: "movement_request",
    resourceId: request.id,
    resourceVersion: updated.version,
    occurredAt: options.now,
    payload: { action, from: request.status, to, actor: options.actor },
  });
  return updated;
}
