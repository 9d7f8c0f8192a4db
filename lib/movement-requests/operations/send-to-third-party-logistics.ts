// sendToThirdPartyLogistics: a pool request is dispatched to a 3PL configured for the request's profile
// that carries its transport method (the same checks and 400s as create-with-3pl). The open legs get the
// 3PL, pending its acceptance; the estimate is priced again against the 3PL's rate card (absent when it
// has none for the method), as it would have been had the request been created with that 3PL. The 3PL
// gets a job link (lib/carrier-jobs) for the dispatcher to hand over: 3PLs have no e-mail address here.
import { issueJobLink } from "@/lib/movement-requests/issue-job-link";
import { transaction } from "@/lib/db";
import { getConfiguredProviderOrThrow } from "@/lib/infrastructure/get-configured-provider-or-throw";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import {
  assertActionAllowed,
  assertUnchangedSince,
  updateAssignableLegs,
} from "@/lib/movement-requests/operations/legs";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import { toMovementRequestResponse } from "@/lib/movement-requests/to-movement-request-response";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";

export async function sendToThirdPartyLogistics(
  scope: ActorScope,
  requestId: string,
  providerId: string,
  options: { expectedVersion?: number } = {},
) {
  const now = new Date();
  // One Kysely transaction: the request, its legs, its event and outbox rows.
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertUnchangedSince(request, options.expectedVersion);
    assertActionAllowed("sendToThirdPartyLogistics", request.status);
    const provider = await getConfiguredProviderOrThrow(
      tx,
      request.profileId,
      providerId,
      request.transportMethod,
    );
    const { origin, destination } = await getSitesOrThrow(tx, request.organisationId, {
      origin: request.originSiteId,
      destination: request.destinationSiteId,
    });
    const estimate = estimateCost(
      provider.rateCards.find((card) => card.transportMethod === request.transportMethod),
      greatCircleDistanceKm(origin, destination),
    );
    const sent = await transitionMovementRequest(tx, request, "sendToThirdPartyLogistics", "SENT_TO_3PL", {
      actor: scope.actor,
      now,
      reason: `Sent to ${provider.name}`,
      data: {
        estimatedCostCents: estimate?.centAmount ?? null,
        estimatedCostCurrency: estimate?.currencyCode ?? null,
      },
    });
    await updateAssignableLegs(tx, request.id, now, {
      thirdPartyLogisticsProviderId: provider.id,
      driverId: null,
      acceptedAt: null,
    });
    await issueJobLink(tx, sent, { thirdPartyLogisticsProviderId: provider.id }, { actor: scope.actor, now });
    return toMovementRequestResponse(await getMovementRequestOrThrow(tx, scope, requestId));
  });
}
