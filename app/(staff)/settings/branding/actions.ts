"use server";
// Saving the organisation's tracking-page branding: admins only, validated by the one schema.
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { logger } from "@/lib/logger";
import { updateBranding } from "@/lib/organisations/branding";
import { brandingInput, type Branding } from "@/lib/schemas/branding";

export async function saveBrandingAction(input: unknown): Promise<ActionResult<Branding>> {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  return runAction("branding", async () => {
    const branding = brandingInput.parse(input);
    await updateBranding(staff.organisationId, branding);
    logger.info("branding updated", { actor: staff.actor });
    revalidatePath("/settings/branding");
    return branding;
  });
}
