// Every status change of a movement request goes through here: the transition table allows it or
// refuses it (409), and the new status, the audit entry and the event are written together.
import type { DB, Kdb, Updateable } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import type { MovementRequest } from "@/lib/generated/prisma/client";
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
  data?: Omit<Updateable<DB["MovementRequest"]>, "status" | "version">;
};

export async function transitionMovementRequest(
  kdb: Kdb,
  request: MovementRequest,
  action: MovementRequestAction,
  to: MovementRequestStatus,
  options: TransitionOptions,
): Promise<MovementRequest> {
  assertTransition(action, request.status, to);
  // updatedAt is set here, as Prisma's @updatedAt would.
  const update = kdb
    .updateTable("MovementRequest")
    .set((eb) => ({ ...options.data, status: to, version: eb("version", "+", 1), updatedAt: options.now }))
    .where("id", "=", request.id)
    .returningAll();
  // The update and its audit entry in one statement; a transition to the same status has no entry.
  const updated: MovementRequest =
    to === request.status
      ? await update.executeTakeFirstOrThrow()
      : await kdb
          .with("updated", () => update)
          .with("change", (db) =>
            db.insertInto("MovementRequestStatusChange").values({
              id: newId(),
              organisationId: request.organisationId,
              movementRequestId: request.id,
              fromStatus: request.status,
              toStatus: to,
              actor: options.actor,
              reason: options.reason ?? null,
              occurredAt: options.now,
            }),
          )
          .selectFrom("updated")
          .selectAll()
          .executeTakeFirstOrThrow();
  await recordEvent(kdb, {
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
