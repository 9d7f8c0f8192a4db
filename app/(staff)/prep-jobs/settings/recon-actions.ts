"use server";
// Saving a prep site's recon settings (labour rate, currency, auto-approve threshold, what happens to a
// job leaving with items open) and its inspection checklist: admins only, each validated by its one
// schema (lib/recon/schemas.ts, lib/recon/inspection-schemas.ts).
import { revalidatePath } from "next/cache";
import { requireStaff } from "@/lib/auth/require-staff";
import { UserRole } from "@/lib/generated/prisma/enums";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { saveInspectionChecklist } from "@/lib/recon/inspection-checklist";
import { inspectionChecklistInput, type InspectionCheck } from "@/lib/recon/inspection-schemas";
import { saveReconSiteSettings, type ReconSettings } from "@/lib/recon/recon-settings";
import { reconSiteSettingsInput } from "@/lib/recon/schemas";
import { identifierSchema } from "@/lib/schemas/common";

export async function saveReconSettingsAction(
  siteId: unknown,
  input: unknown,
): Promise<ActionResult<ReconSettings>> {
  const staff = await requireStaff([UserRole.ADMIN]);
  return runAction("recon settings", async () => {
    const settings = await saveReconSiteSettings(
      staff.scope,
      identifierSchema.parse(siteId),
      reconSiteSettingsInput.parse(input),
    );
    revalidatePath("/prep-jobs/settings");
    return settings;
  });
}

export async function saveInspectionChecklistAction(
  siteId: unknown,
  input: unknown,
): Promise<ActionResult<InspectionCheck[]>> {
  const staff = await requireStaff([UserRole.ADMIN]);
  return runAction("inspection checklist", async () => {
    const checks = await saveInspectionChecklist(
      staff.scope,
      identifierSchema.parse(siteId),
      inspectionChecklistInput.parse(input),
    );
    revalidatePath("/prep-jobs/settings");
    return checks;
  });
}
