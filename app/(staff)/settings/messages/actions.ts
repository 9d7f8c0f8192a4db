"use server";
// Saving the organisation's message settings: admins only, validated by the one schema.
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { logger } from "@/lib/logger";
import { updateMessageSettings } from "@/lib/organisations/message-settings";
import { messageSettingsInput, type MessageSettings } from "@/lib/organisations/message-settings-schema";

export async function saveMessageSettingsAction(input: unknown): Promise<ActionResult<MessageSettings>> {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  return runAction("message-settings", async () => {
    const settings = messageSettingsInput.parse(input);
    await updateMessageSettings(staff.organisationId, settings);
    logger.info("message settings updated", { actor: staff.actor });
    revalidatePath("/settings/messages");
    return settings;
  });
}
