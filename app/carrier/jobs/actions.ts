"use server";
// The carrier's jobs page: claim at the estimate, bid a price, or withdraw its open offer. Each checks the signed-in user is a
// marketplace carrier and acts only as that carrier, in its own organisation; anyone else (staff, a
// session that ended) gets ok:false and nothing is done.
import { revalidatePath } from "next/cache";
import { runAction, inlineMessage, type ActionResult } from "@/lib/http/action-result";
import { signedInCarrier } from "@/lib/marketplace/carrier-context";
import type { MarketplaceCarrierScope } from "@/lib/marketplace/find-carrier";
import { placeOffer, type OfferOutcome } from "@/lib/marketplace/place-offer";
import { bidInput, claimInput } from "@/lib/marketplace/schemas";
import { withdrawOffer } from "@/lib/marketplace/withdraw-offer";

const JOBS_PATH = "/carrier/jobs";

const NOT_A_CARRIER = "Sign in as a marketplace carrier to claim or bid.";

async function run<T>(work: (carrier: MarketplaceCarrierScope) => Promise<T>): Promise<ActionResult<T>> {
  const context = await signedInCarrier();
  if (!context) return { ok: false, message: NOT_A_CARRIER };
  const result = await runAction("carrier-jobs", () => work(context.carrier));
  if (result.ok) {
    revalidatePath(JOBS_PATH);
    return result;
  }
  return { ok: false, message: inlineMessage(result), fieldErrors: result.fieldErrors };
}

export async function claimAction(input: unknown): Promise<ActionResult<OfferOutcome>> {
  return run((carrier) => placeOffer(carrier, claimInput.parse(input).requestId, { kind: "CLAIM" }));
}

export async function bidAction(input: unknown): Promise<ActionResult<OfferOutcome>> {
  return run(async (carrier) => {
    const { requestId, price, validForHours } = bidInput.parse(input);
    return placeOffer(carrier, requestId, { kind: "BID", priceCents: price, validForHours });
  });
}

export async function withdrawAction(input: unknown): Promise<ActionResult<{ bidId: string }>> {
  return run((carrier) => withdrawOffer(carrier, claimInput.parse(input).requestId));
}
