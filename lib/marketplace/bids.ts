// Reading the bids of one request, inside the caller's transaction: the one to accept, or all of them.
import type { Kdb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { AwardedBid } from "@/lib/marketplace/award";

function bidsQuery(tx: Kdb, requestId: string) {
  return tx
    .selectFrom("MarketplaceBid as b")
    .innerJoin("MarketplaceCarrier as c", "c.id", "b.carrierId")
    .select([
      "b.id",
      "b.carrierId",
      "c.name as carrierName",
      "b.kind",
      "b.priceCents",
      "b.currency",
      "b.expiresAt",
      "b.acceptedAt",
      "b.createdAt",
    ])
    .where("b.movementRequestId", "=", requestId);
}

/** Every bid of the request, cheapest first (ties: the earlier). */
export function listBidsOfRequest(tx: Kdb, requestId: string) {
  return bidsQuery(tx, requestId).orderBy("b.priceCents").orderBy("b.createdAt").execute();
}

/** One bid of the request: another request's bid (or another organisation's) is not found. */
export async function getBidOrThrow(tx: Kdb, requestId: string, bidId: string): Promise<AwardedBid> {
  const bid = await bidsQuery(tx, requestId).where("b.id", "=", bidId).executeTakeFirst();
  if (!bid) throw new AppError("NOT_FOUND", `No bid ${bidId} was found on this movement request.`);
  return bid;
}
