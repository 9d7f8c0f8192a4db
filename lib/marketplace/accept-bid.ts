// A dispatcher accepts one bid of a marketplace request (the board's detail panel): in one
// transaction under the request's row lock, as every transition is.
import { transaction } from "@/lib/db";
import { awardMarketplaceRequest } from "@/lib/marketplace/award";
import { getBidOrThrow } from "@/lib/marketplace/bids";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { assertActionAllowed } from "@/lib/movement-requests/operations/legs";

export async function acceptMarketplaceBid(
  scope: ActorScope,
  requestId: string,
  bidId: string,
  now = new Date(),
): Promise<void> {
  await transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(tx, scope, requestId, { forUpdate: true });
    assertActionAllowed("accept", request.status);
    const bid = await getBidOrThrow(tx, request.id, bidId);
    await awardMarketplaceRequest(tx, request, bid, { actor: scope.actor, now });
  });
}
