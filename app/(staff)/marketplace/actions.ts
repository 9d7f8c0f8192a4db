"use server";
// The marketplace page's server actions (administrators: manage-marketplace): invite a carrier, let
// claims at or under the estimate win by themselves.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { setMarketplaceAutoAccept } from "@/lib/marketplace/carriers";
import { inviteCarrier } from "@/lib/marketplace/invite-carrier";
import { inviteCarrierInput } from "@/lib/marketplace/schemas";

const MARKETPLACE_PATH = "/marketplace";

export async function inviteCarrierAction(input: unknown): Promise<ActionResult<{ email: string }>> {
  const staff = await requireStaff(rolesWith("manage-marketplace"));
  return runAction("marketplace", async () => {
    const parsed = inviteCarrierInput.parse(input);
    await inviteCarrier({ organisationId: staff.organisationId, actor: staff.actor }, parsed);
    revalidatePath(MARKETPLACE_PATH);
    return { email: parsed.email };
  });
}

export async function setAutoAcceptAction(enabled: unknown): Promise<ActionResult> {
  const staff = await requireStaff(rolesWith("manage-marketplace"));
  return runAction("marketplace", async () => {
    await setMarketplaceAutoAccept(staff.organisationId, z.boolean().parse(enabled));
    revalidatePath(MARKETPLACE_PATH);
    return null;
  });
}
