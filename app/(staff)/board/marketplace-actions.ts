"use server";
// The board's marketplace section (components/marketplace/detail-marketplace.tsx): post a request to
// the marketplace, list its bids, accept one. Dispatchers only, as the board's other actions.
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { inlineMessage, runAction, type ActionResult } from "@/lib/http/action-result";
import { acceptMarketplaceBid } from "@/lib/marketplace/accept-bid";
import { listRequestMarketplace, type RequestMarketplace } from "@/lib/marketplace/list-request-bids";
import { postToMarketplace } from "@/lib/marketplace/post-to-marketplace";
import { acceptBidInput } from "@/lib/marketplace/schemas";
import { identifierSchema } from "@/lib/schemas/common";

async function run<T>(work: () => Promise<T>, revalidate: boolean): Promise<ActionResult<T>> {
  const result = await runAction("board", work);
  if (!result.ok) return { ok: false, message: inlineMessage(result) };
  if (revalidate) revalidatePath("/board");
  return result;
}

export async function requestMarketplaceAction(
  requestId: unknown,
): Promise<ActionResult<RequestMarketplace>> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(() => listRequestMarketplace(staff.scope, identifierSchema.parse(requestId)), false);
}

export async function postToMarketplaceAction(requestId: unknown): Promise<ActionResult> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(async () => {
    await postToMarketplace(staff.scope, identifierSchema.parse(requestId));
    return null;
  }, true);
}

export async function acceptBidAction(input: unknown): Promise<ActionResult> {
  const staff = await requireStaff(rolesWith("dispatch"));
  return run(async () => {
    const { requestId, bidId } = acceptBidInput.parse(input);
    await acceptMarketplaceBid(staff.scope, requestId, bidId);
    return null;
  }, true);
}
