import type { Metadata } from "next";
import { ProofSettingsForm } from "@/components/settings/proof-settings-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { getProofSettings } from "@/lib/organisations/proof-settings";
import { saveProofSettingsAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Proof settings" };

// /settings/proofs — admins choose the photos carriers must take and whether customers see the proof
export default async function ProofSettingsPage() {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  const settings = await getProofSettings(staff.organisationId);
  return (
    <>
      <PageHeader
        title="Proof settings"
        description="What a driver, 3PL or marketplace carrier records when it collects and delivers a vehicle."
      />
      <ProofSettingsForm initial={settings} saveAction={saveProofSettingsAction} />
    </>
  );
}
