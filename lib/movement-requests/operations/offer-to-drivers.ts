// offerToDrivers: the request is offered to one own driver (SENT_TO_DRIVER) or several
// (SENT_TO_MULTIPLE_DRIVERS), who accept in their app. One driver is put on the open legs pending
// acceptance (acceptedAt null); for several, the legs stay without a driver until the first accepts.
// The offer itself is kept as described in driver-offers.ts. Each driver gets a job link by e-mail
// (lib/carrier-jobs), in the same transaction.
import { issueJobLink } from "@/lib/movement-requests/issue-job-link";
import { transaction } from "@/lib/db";
import { getActiveDriverOrThrow } from "@/lib/drivers/get-active-driver-or-throw";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { recordDriverOffer } from "@/lib/movement-requests/operations/driver-offers";
import { assertActionAllowed, updateAssignableLegs } from "@/lib/movement-requests/operations/legs";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";

export async function offerToDrivers(
  scope: ActorScope,
  requestId: string,
  input: { driverIds: string[]; path?: "driverIds" | "offerToDriverId" },
) {
  const now = new Date();
  // One Kysely transaction: the request, its legs, its event and the offer's.
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertActionAllowed("offerToDrivers", request.status);
    const drivers = [];
    for (const [index, driverId] of input.driverIds.entries()) {
      const path = input.path === "offerToDriverId" ? "offerToDriverId" : `driverIds.${index}`;
      drivers.push(await getActiveDriverOrThrow(tx, request.organisationId, driverId, path));
    }
    const single = drivers.length === 1 ? drivers[0] : undefined;
    const offered = await transitionMovementRequest(
      tx,
      request,
      "offerToDrivers",
      single ? "SENT_TO_DRIVER" : "SENT_TO_MULTIPLE_DRIVERS",
      {
        actor: scope.actor,
        now,
        reason: `Offered to ${drivers.map((driver) => `${driver.firstname} ${driver.surname}`).join(", ")}`,
      },
    );
    await updateAssignableLegs(tx, request.id, now, {
      driverId: single?.id ?? null,
      thirdPartyLogisticsProviderId: null,
      acceptedAt: null,
    });
    await recordDriverOffer(
      tx,
      offered,
      drivers.map((driver) => driver.id),
      { actor: scope.actor, now },
    );
    for (const driver of drivers) {
      await issueJobLink(tx, offered, { driverId: driver.id }, { actor: scope.actor, now });
    }
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}
