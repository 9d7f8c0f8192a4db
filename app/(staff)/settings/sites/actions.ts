"use server";
// Moving a site's pin: admins only, validated by the one schema, logged with the admin (site-pin.ts).
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { moveSitePin, type PinnedSite } from "@/lib/infrastructure/site-pin";
import { sitePinInput } from "@/lib/infrastructure/site-pin-schema";

export async function saveSitePinAction(input: unknown): Promise<ActionResult<PinnedSite>> {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  return runAction("site pin", async () => {
    const site = await moveSitePin(staff.organisationId, sitePinInput.parse(input), staff.actor);
    revalidatePath("/settings/sites");
    return site;
  });
}
