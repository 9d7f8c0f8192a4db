"use client";
// The board's detail panel, the marketplace: post the request there while it has no carrier, then its
// claims and bids (every carrier's, cheapest first), each accepted with one button until one wins. An
// expired bid is shown, not offered. Reloaded whenever the request changes (the board's live updates).
import { useCallback, useState } from "react";
import { Button } from "@/components/ui/button";
import { DetailSection } from "@/components/board/detail-section";
import { LocalTime } from "@/components/board/local-time";
import { usePanelData } from "@/components/board/use-panel-data";
import type { ActionResult } from "@/lib/http/action-result";
import type { RequestMarketplace } from "@/lib/marketplace/list-request-bids";
import { formatMoney } from "@/lib/movement-requests/money";

/** The board page's marketplace server actions (app/(staff)/board/marketplace-actions.ts). */
export type MarketplaceActions = {
  requestMarketplace: (requestId: unknown) => Promise<ActionResult<RequestMarketplace>>;
  postToMarketplace: (requestId: unknown) => Promise<ActionResult>;
  acceptBid: (input: unknown) => Promise<ActionResult>;
};

type Props = { requestId: string; version: string; actions: MarketplaceActions };

export function DetailMarketplace({ requestId, version, actions }: Props) {
  const read = useCallback(() => actions.requestMarketplace(requestId), [actions, requestId]);
  const { data: market, message, setMessage, reload: load } = usePanelData(read, version);
  const [pending, setPending] = useState(false);

  async function act(work: () => Promise<{ ok: boolean; message?: string }>, done: string) {
    setPending(true);
    const result = await work();
    setPending(false);
    setMessage(result.ok ? done : (result.message ?? null));
    await load();
  }

  if (!market || (!market.canPost && !market.onMarketplace && market.bids.length === 0)) return null;
  return (
    <DetailSection title="Marketplace">
      <div className="space-y-3 text-sm">
        {market.canPost ? (
          <div className="flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              variant="secondary"
              loading={pending}
              onClick={() =>
                void act(() => actions.postToMarketplace(requestId), "Posted to the marketplace.")
              }
            >
              Post to marketplace
            </Button>
            <span className="text-slate-600">
              Invited carriers in its areas claim it at {formatMoney(market.estimate)} or bid.
            </span>
          </div>
        ) : null}
        {market.onMarketplace && market.bids.length === 0 ? (
          <p className="text-slate-600">On the marketplace: no claim or bid yet.</p>
        ) : null}
        {market.bids.length > 0 ? (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Bids">
            {market.bids.map((bid) => (
              <li
                key={bid.id}
                className="flex flex-wrap items-center gap-2 px-3 py-2"
                data-testid="marketplace-bid"
              >
                <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{bid.carrierName}</span>
                <span className="text-slate-900">
                  {bid.kind === "CLAIM" ? "Claim" : "Bid"} {formatMoney(bid.price)}
                </span>
                <span className={bid.expired ? "text-red-700" : "text-slate-600"}>
                  {bid.accepted ? (
                    "Accepted"
                  ) : bid.expiresAt ? (
                    <>
                      {bid.expired ? "Expired " : "Until "}
                      <LocalTime iso={bid.expiresAt} />
                    </>
                  ) : (
                    "No expiry"
                  )}
                </span>
                {market.onMarketplace && !bid.expired ? (
                  <Button
                    size="sm"
                    disabled={pending}
                    onClick={() =>
                      void act(
                        () => actions.acceptBid({ requestId, bidId: bid.id }),
                        `Accepted: ${bid.carrierName} at ${formatMoney(bid.price)}.`,
                      )
                    }
                    aria-label={`Accept the ${bid.kind === "CLAIM" ? "claim" : "bid"} of ${bid.carrierName}`}
                  >
                    Accept
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {message ? (
          <p role="status" className="text-slate-700">
            {message}
          </p>
        ) : null}
      </div>
    </DetailSection>
  );
}
