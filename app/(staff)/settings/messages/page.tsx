import type { Metadata } from "next";
import { MessageSettingsForm } from "@/components/settings/message-settings-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import { getMessageSettings } from "@/lib/organisations/message-settings";
import { saveMessageSettingsAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Message settings" };

// /settings/messages — admins set the sender, language, customer messages and quiet hours
export default async function MessageSettingsPage() {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  const settings = await getMessageSettings(staff.organisationId);
  return (
    <>
      <PageHeader
        title="Message settings"
        description="The e-mails and text messages your customers and carriers get: who they are from, their language, and which are sent when."
      />
      <MessageSettingsForm
        initial={settings}
        defaultSender={env().MAIL_FROM}
        saveAction={saveMessageSettingsAction}
      />
    </>
  );
}
