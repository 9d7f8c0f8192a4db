// planWithDriver: a dispatcher gives legs to one of the organisation's own drivers. No acceptance is
// needed, so the legs are accepted at once and lose any 3PL; the request is PLANNED when every leg
// has a carrier, PARTIALLY_PLANNED while some have none. The driver gets a job link by e-mail
// (lib/carrier-jobs) to record the collection and the delivery.
import { issueJobLink } from "@/lib/movement-requests/issue-job-link";
import { transaction } from "@/lib/db";
import { getActiveDriverOrThrow } from "@/lib/drivers/get-active-driver-or-throw";
import type { Movement } from "@/lib/generated/prisma/client";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { legAllows, legsFor } from "@/lib/movement-requests/leg-transitions";
import {
  assertActionAllowed,
  assertUnchangedSince,
  hasCarrier,
  legConflict,
  legOrThrow,
} from "@/lib/movement-requests/operations/legs";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";
import { allowedTargets, type MovementRequestStatus } from "@/lib/movement-requests/transitions";

export async function planWithDriver(
  scope: ActorScope,
  requestId: string,
  input: { driverId: string; legNumber?: number },
  options: { expectedVersion?: number } = {},
) {
  const now = new Date();
  // One Kysely transaction: the request, its event, the legs.
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertUnchangedSince(request, options.expectedVersion);
    assertActionAllowed("planWithDriver", request.status);
    const driver = await getActiveDriverOrThrow(tx, request.organisationId, input.driverId);
    const legs = legsToPlan(request.movements, input.legNumber);
    const planned = new Set(legs.map((leg) => leg.id));
    const everyLegCarried = request.movements.every((leg) => planned.has(leg.id) || hasCarrier(leg));
    const plannedRequest = await transitionMovementRequest(
      tx,
      request,
      "planWithDriver",
      planTarget(request.status, everyLegCarried),
      {
        actor: scope.actor,
        now,
        reason: `Leg ${legs.map((leg) => leg.legNumber).join(", ")} planned with ${driver.firstname} ${driver.surname}`,
      },
    );
    await tx
      .updateTable("Movement")
      .set((eb) => ({
        driverId: driver.id,
        thirdPartyLogisticsProviderId: null,
        acceptedAt: now,
        version: eb("version", "+", 1),
        updatedAt: now,
      }))
      .where("id", "in", [...planned])
      .execute();
    await issueJobLink(tx, plannedRequest, { driverId: driver.id }, { actor: scope.actor, now });
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}

/**
 * PLANNED when every leg has a carrier, else PARTIALLY_PLANNED; a request already under way keeps the one
 * status the table allows it (IN_PROGRESS: its later legs are being planned).
 */
function planTarget(status: MovementRequestStatus, everyLegCarried: boolean): MovementRequestStatus {
  const targets = allowedTargets("planWithDriver", status);
  const planned = everyLegCarried ? "PLANNED" : "PARTIALLY_PLANNED";
  return targets.includes(planned) ? planned : (targets[0] ?? planned);
}

/** The leg asked for (it must still be open); by default the open legs without a carrier, else every open leg. */
function legsToPlan(legs: Movement[], legNumber: number | undefined): Movement[] {
  if (legNumber !== undefined) {
    const leg = legOrThrow(legs, legNumber);
    if (!legAllows("assign", leg.status)) {
      throw legConflict(`Leg ${legNumber} is ${leg.status}; only an open leg can be planned.`);
    }
    return [leg];
  }
  const open = legsFor("assign", legs);
  if (open.length === 0) throw legConflict("No leg of this movement request is still open to plan.");
  const unplanned = open.filter((leg) => !hasCarrier(leg));
  return unplanned.length > 0 ? unplanned : open;
}
