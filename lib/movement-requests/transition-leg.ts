// Every status change of a leg goes through here: the leg table (leg-transitions.ts) allows it or
// refuses it (409), gives the new status and the event, and the leg and its event are written together.
import { AppError } from "@/lib/errors/app-error";
import { updateLegAndPublish } from "@/lib/movement-requests/record-movement-event";
import type { DB, Kdb, Updateable } from "@/lib/db";
import type { Movement, MovementRequest } from "@/lib/generated/prisma/client";
import { LEG_TRANSITIONS, legAllows, type LegChange } from "@/lib/movement-requests/leg-transitions";

export async function transitionLeg(
  tx: Kdb,
  request: MovementRequest,
  leg: Pick<Movement, "id" | "legNumber" | "status">,
  action: LegChange,
  options: { now: Date; data?: Omit<Updateable<DB["Movement"]>, "status" | "version"> },
): Promise<void> {
  if (!legAllows(action, leg.status)) {
    throw new AppError(
      "INVALID_STATUS_TRANSITION",
      `Leg ${leg.legNumber} is ${leg.status}; it cannot ${action}.`,
    );
  }
  const { to, event } = LEG_TRANSITIONS[action];
  await updateLegAndPublish(tx, request, leg.id, event, {
    now: options.now,
    data: { ...options.data, status: to },
  });
}
