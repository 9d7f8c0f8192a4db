// A marketplace request is won: SENT_TO_MARKETPLACE → ACCEPTED_SENT_TO_MARKETPLACE through the
// transition table's "accept", with the winning bid's price as the request's cost. Called under the
// request's row lock (accept-bid.ts, place-offer.ts), so one bid wins and every later one finds a
// status that no longer accepts (409).
import { asKysely, type Queryable } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { emailWinningCarrier } from "@/lib/marketplace/email-winner";
import { MARKETPLACE_AWARDED_EVENT } from "@/lib/marketplace/event-types";
import { newId } from "@/lib/ids";
import type { MovementRequestWithLegs } from "@/lib/movement-requests/get-movement-request-or-throw";
import { formatMoney } from "@/lib/movement-requests/money";
import { trackingOnAcceptance } from "@/lib/movement-requests/operations/accept-movement-request";
import { legConflict, updateAssignableLegs } from "@/lib/movement-requests/operations/legs";
import { transitionMovementRequest } from "@/lib/movement-requests/transition-movement-request";
import { notifyMovementRecipient } from "@/lib/notifications/notify-movement-recipient";

export const MARKETPLACE_BID_PLACED_EVENT = "movement_request.marketplace_bid_placed";

export type AwardedBid = {
  id: string;
  carrierId: string;
  carrierName: string;
  kind: "CLAIM" | "BID";
  priceCents: number;
  currency: string;
  expiresAt: Date | null;
};

/** A bid whose expiry has passed cannot win: the carrier no longer stands by its price. */
export function isExpired(bid: Pick<AwardedBid, "expiresAt">, now: Date): boolean {
  return bid.expiresAt !== null && bid.expiresAt.getTime() <= now.getTime();
}

export async function awardMarketplaceRequest(
  tx: Queryable,
  request: MovementRequestWithLegs,
  bid: AwardedBid,
  options: { actor: string; now: Date },
): Promise<void> {
  const { actor, now } = options;
  if (isExpired(bid, now)) throw legConflict("This bid has expired: the carrier no longer stands by it.");
  const price = { centAmount: bid.priceCents, currencyCode: bid.currency };
  const data = {
    ...trackingOnAcceptance(request),
    costCents: bid.priceCents,
    costCurrency: bid.currency,
  };
  const accepted = await transitionMovementRequest(
    asKysely(tx),
    request,
    "accept",
    "ACCEPTED_SENT_TO_MARKETPLACE",
    {
      actor,
      now,
      reason: `${bid.kind === "CLAIM" ? "Claim" : "Bid"} of ${bid.carrierName} accepted at ${formatMoney(price)}`,
      data,
    },
  );
  await asKysely(tx)
    .updateTable("MarketplaceBid")
    .set({ acceptedAt: now, updatedAt: now })
    .where("id", "=", bid.id)
    .execute();
  // The winner carries the legs, and acts on them from its own jobs page (a job link with no token:
  // its session is the credential), as a driver or a 3PL does through its link.
  await updateAssignableLegs(asKysely(tx), request.id, now, {
    acceptedAt: now,
    marketplaceCarrierId: bid.carrierId,
  });
  await asKysely(tx)
    .insertInto("JobLink")
    .values({
      id: newId(),
      organisationId: request.organisationId,
      movementRequestId: request.id,
      marketplaceCarrierId: bid.carrierId,
      tokenHash: null,
      createdBy: actor,
      createdAt: now,
    })
    .execute();
  // Internal (not published): who won at what, for the board's timeline and the reconciliation.
  await recordEvent(asKysely(tx), {
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: MARKETPLACE_AWARDED_EVENT,
    resourceType: "movement_request",
    resourceId: request.id,
    resourceVersion: accepted.version,
    occurredAt: now,
    payload: {
      actor,
      bidId: bid.id,
      provider: { type: "MARKETPLACE", id: bid.carrierId, name: bid.carrierName, agreedPrice: price },
    },
  });
  await emailWinningCarrier(tx, request, bid, now);
  if (data.trackingToken) await notifyMovementRecipient(tx, accepted, "tracking");
}
