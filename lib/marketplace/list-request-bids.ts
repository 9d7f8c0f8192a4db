// The board's marketplace section for one request: whether it can be posted, and its bids (every
// carrier's: the dispatcher chooses among them), each with whether it may still be accepted.
import { db, kysely } from "@/lib/db";
import { isExpired } from "@/lib/marketplace/award";
import { listBidsOfRequest } from "@/lib/marketplace/bids";
import type { ActorScope } from "@/lib/movement-requests/actor-scope";
import { getMovementRequestOrThrow } from "@/lib/movement-requests/get-movement-request-or-throw";
import { money, type Money } from "@/lib/movement-requests/money";
import { canTransition } from "@/lib/movement-requests/transitions";

export type RequestMarketplace = {
  canPost: boolean;
  onMarketplace: boolean;
  estimate: Money | null;
  bids: {
    id: string;
    carrierName: string;
    kind: "CLAIM" | "BID";
    price: Money;
    placedAt: string;
    expiresAt: string | null;
    expired: boolean;
    accepted: boolean;
  }[];
};

export async function listRequestMarketplace(
  scope: ActorScope,
  requestId: string,
  now = new Date(),
): Promise<RequestMarketplace> {
  const request = await getMovementRequestOrThrow(kysely(), scope, requestId);
  const bids = await listBidsOfRequest(db(), request.id);
  return {
    canPost: canTransition("sendToMarketplace", request.status),
    onMarketplace: request.status === "SENT_TO_MARKETPLACE",
    estimate: money(request.estimatedCostCents, request.estimatedCostCurrency),
    bids: bids.map((bid) => ({
      id: bid.id,
      carrierName: bid.carrierName,
      kind: bid.kind,
      price: { centAmount: bid.priceCents, currencyCode: bid.currency },
      placedAt: bid.createdAt.toISOString(),
      expiresAt: bid.expiresAt?.toISOString() ?? null,
      expired: isExpired(bid, now),
      accepted: bid.acceptedAt !== null,
    })),
  };
}
