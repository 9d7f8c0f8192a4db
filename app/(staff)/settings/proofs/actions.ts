"use server";
// Saving the organisation's proof settings: admins only, validated by the one schema.
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { logger } from "@/lib/logger";
import { updateProofSettings } from "@/lib/organisations/proof-settings";
import { proofSettingsInput, type ProofSettings } from "@/lib/organisations/proof-settings-schema";

export async function saveProofSettingsAction(input: unknown): Promise<ActionResult<ProofSettings>> {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  return runAction("proof-settings", async () => {
    const settings = proofSettingsInput.parse(input);
    await updateProofSettings(staff.organisationId, settings);
    logger.info("proof settings updated", { actor: staff.actor });
    revalidatePath("/settings/proofs");
    return settings;
  });
}
