// A carrier takes back its open claim or bid before one is accepted. Under the request's row lock, as
// placing and accepting are, so a withdrawal and an acceptance of the same bid cannot both happen:
// whichever locks first decides, and the other finds the bid gone (404) or the request taken (409).
// The bid's row is deleted (nothing stands any more; the event keeps who withdrew what, and when).
import { transaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { recordEvent } from "@/lib/events/record-event";
import type { MarketplaceCarrierScope } from "@/lib/marketplace/find-carrier";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { legConflict } from "@/lib/movement-requests/operations/legs";

export const MARKETPLACE_BID_WITHDRAWN_EVENT = "movement_request.marketplace_bid_withdrawn";

export async function withdrawOffer(
  carrier: MarketplaceCarrierScope,
  requestId: string,
  now = new Date(),
): Promise<{ bidId: string }> {
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(
      tx,
      { organisationId: carrier.organisationId },
      requestId,
      { forUpdate: true },
    );
    const bid = await tx
      .selectFrom("MarketplaceBid")
      .select(["id", "kind", "priceCents", "currency", "acceptedAt"])
      .where("movementRequestId", "=", request.id)
      .where("carrierId", "=", carrier.carrierId)
      .executeTakeFirst();
    // No offer of this carrier: as for a request it never saw (nothing confirms the request exists).
    if (!bid) throw new AppError("NOT_FOUND", "You have no claim or bid on this job.");
    if (bid.acceptedAt)
      throw legConflict("Your offer was accepted: the job is yours, it cannot be withdrawn.");
    if (request.status !== "SENT_TO_MARKETPLACE") {
      throw legConflict("This job is no longer on the marketplace.");
    }
    await tx.deleteFrom("MarketplaceBid").where("id", "=", bid.id).execute();
    // The board's panel lists the bids: a change of the request, a version of its own (as a new bid).
    const { version } = await tx
      .updateTable("MovementRequest")
      .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
      .where("id", "=", request.id)
      .returning("version")
      .executeTakeFirstOrThrow();
    await recordEvent(tx, {
      organisationId: request.organisationId,
      profileId: request.profileId,
      type: MARKETPLACE_BID_WITHDRAWN_EVENT,
      resourceType: "movement_request",
      resourceId: request.id,
      resourceVersion: version,
      occurredAt: now,
      payload: {
        actor: carrier.actor,
        bidId: bid.id,
        kind: bid.kind,
        priceCents: bid.priceCents,
        currency: bid.currency,
      },
    });
    return { bidId: bid.id };
  });
}
