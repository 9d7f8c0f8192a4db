// A carrier claims a marketplace request at its estimate, or bids a price that stands for a while.
// One offer per carrier and request: a new one replaces the carrier's earlier one. Under the request's
// row lock, in one transaction: when the organisation lets the marketplace decide by itself
// (marketplaceAutoAccept), an offer at or under the estimate wins at once, so of two concurrent claims
// the first wins and the second finds the request taken (409).
import { asKysely, transaction, type Queryable } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { getSitesOrThrow } from "@/lib/infrastructure/get-sites-or-throw";
import { newId } from "@/lib/ids";
import type { MarketplaceCarrierScope } from "@/lib/marketplace/find-carrier";
import { awardMarketplaceRequest, MARKETPLACE_BID_PLACED_EVENT } from "@/lib/marketplace/award";
import { carrierMatches } from "@/lib/marketplace/matching";
import { recordEvent } from "@/lib/events/record-event";
import {
  getMovementRequestOrThrow,
  type MovementRequestWithLegs,
} from "@/lib/movement-requests/get-movement-request-or-throw";
import { legConflict } from "@/lib/movement-requests/operations/legs";

export type Offer = { kind: "CLAIM" } | { kind: "BID"; priceCents: number; validForHours: number };

export type OfferOutcome = { bidId: string; won: boolean };

const HOUR_MS = 60 * 60 * 1000;

export async function placeOffer(
  carrier: MarketplaceCarrierScope,
  requestId: string,
  offer: Offer,
  now = new Date(),
): Promise<OfferOutcome> {
  return transaction(async (tx) => {
    const request = await getMovementRequestOrThrow(
      tx,
      { organisationId: carrier.organisationId },
      requestId,
      { forUpdate: true },
    );
    await assertPostedTo(tx, carrier, request);
    const organisation = await asKysely(tx)
      .selectFrom("Organisation")
      .select(["currencyCode", "marketplaceAutoAccept"])
      .where("id", "=", request.organisationId)
      .executeTakeFirstOrThrow();
    const estimate = request.estimatedCostCents;
    const currency = request.estimatedCostCurrency ?? organisation.currencyCode;
    if (offer.kind === "CLAIM" && estimate === null) {
      throw new AppError("VALIDATION_ERROR", "This job has no estimate to claim it at: bid a price instead.");
    }
    const bid = {
      id: newId(),
      carrierId: carrier.carrierId,
      carrierName: carrier.name,
      kind: offer.kind,
      priceCents: offer.kind === "CLAIM" ? (estimate as number) : offer.priceCents,
      currency,
      expiresAt: offer.kind === "BID" ? new Date(now.getTime() + offer.validForHours * HOUR_MS) : null,
    };
    const saved = await asKysely(tx)
      .insertInto("MarketplaceBid")
      .values({
        id: bid.id,
        organisationId: request.organisationId,
        movementRequestId: request.id,
        carrierId: bid.carrierId,
        kind: bid.kind,
        priceCents: bid.priceCents,
        currency: bid.currency,
        expiresAt: bid.expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((conflict) =>
        conflict.columns(["movementRequestId", "carrierId"]).doUpdateSet({
          kind: bid.kind,
          priceCents: bid.priceCents,
          currency: bid.currency,
          expiresAt: bid.expiresAt,
          createdAt: now,
          updatedAt: now,
        }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    // A new offer is a change of the request (the board's panel shows it, live): a version of its own.
    const { version } = await asKysely(tx)
      .updateTable("MovementRequest")
      .set((eb) => ({ version: eb("version", "+", 1), updatedAt: now }))
      .where("id", "=", request.id)
      .returning("version")
      .executeTakeFirstOrThrow();
    await recordEvent(tx, {
      organisationId: request.organisationId,
      profileId: request.profileId,
      type: MARKETPLACE_BID_PLACED_EVENT,
      resourceType: "movement_request",
      resourceId: request.id,
      resourceVersion: version,
      occurredAt: now,
      payload: {
        actor: carrier.actor,
        bidId: saved.id,
        kind: bid.kind,
        priceCents: bid.priceCents,
        currency,
      },
    });
    const wins =
      organisation.marketplaceAutoAccept &&
      estimate !== null &&
      currency === request.estimatedCostCurrency &&
      bid.priceCents <= estimate;
    if (wins) {
      const current = { ...request, version };
      await awardMarketplaceRequest(tx, current, { ...bid, id: saved.id }, { actor: carrier.actor, now });
    }
    return { bidId: saved.id, won: wins };
  });
}

/**
 * The request is on the marketplace and was posted to this carrier: its organisation, a method and an
 * area it serves. Anything else is "not found", as another organisation's request is.
 */
async function assertPostedTo(
  tx: Queryable,
  carrier: MarketplaceCarrierScope,
  request: MovementRequestWithLegs,
) {
  const { origin, destination } = await getSitesOrThrow(asKysely(tx), request.organisationId, {
    origin: request.originSiteId,
    destination: request.destinationSiteId,
  });
  if (!carrierMatches(carrier, { transportMethod: request.transportMethod, origin, destination })) {
    throw new AppError("VEHICLE_MOVEMENT_REQUEST_NOT_FOUND", `No movement request ${request.id} was found.`);
  }
  if (request.status !== "SENT_TO_MARKETPLACE") {
    throw legConflict("This job is no longer on the marketplace: another carrier has it.");
  }
}
