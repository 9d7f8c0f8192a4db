"use server";
// The carrier's jobs page: claim at the estimate, or bid a price. Each checks the signed-in user is a
// marketplace carrier (requireCarrier) and acts only as that carrier, in its own organisation.
import { revalidatePath } from "next/cache";
import { runAction, inlineMessage, type ActionResult } from "@/lib/http/action-result";
import { requireCarrier } from "@/lib/marketplace/carrier-context";
import { placeOffer, type OfferOutcome } from "@/lib/marketplace/place-offer";
import { bidInput, claimInput } from "@/lib/marketplace/schemas";

const JOBS_PATH = "/carrier/jobs";

async function run(work: () => Promise<OfferOutcome>): Promise<ActionResult<OfferOutcome>> {
  const result = await runAction("carrier-jobs", work);
  if (result.ok) {
    revalidatePath(JOBS_PATH);
    return result;
  }
  return { ok: false, message: inlineMessage(result), fieldErrors: result.fieldErrors };
}

export async function claimAction(input: unknown): Promise<ActionResult<OfferOutcome>> {
  const { carrier } = await requireCarrier();
  return run(() => placeOffer(carrier, claimInput.parse(input).requestId, { kind: "CLAIM" }));
}

export async function bidAction(input: unknown): Promise<ActionResult<OfferOutcome>> {
  const { carrier } = await requireCarrier();
  return run(async () => {
    const { requestId, price, validForHours } = bidInput.parse(input);
    return placeOffer(carrier, requestId, { kind: "BID", priceCents: price, validForHours });
  });
}
