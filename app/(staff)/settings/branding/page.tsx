import type { Metadata } from "next";
import Link from "next/link";
import { BrandingForm } from "@/components/settings/branding-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { getBranding } from "@/lib/organisations/branding";
import { saveBrandingAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Branding" };

// /settings/branding — admins set the logo and colour customers see on tracking pages
export default async function BrandingPage() {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  const branding = await getBranding(staff.organisationId);
  return (
    <>
      <PageHeader
        title="Branding"
        description={`What ${branding.name}'s customers see at the top of the tracking links you send them.`}
      />
      <BrandingForm initial={branding} saveAction={saveBrandingAction} />
      {/* Not in the top bar (nine pages fill it at 1280 px): the other organisation settings are one tap away. */}
      <p className="mt-6 text-slate-700">
        Photos carriers must take, and whether customers see the proof of delivery:{" "}
        <Link href="/settings/proofs" className="font-medium text-blue-700 underline underline-offset-2">
          proof settings
        </Link>
        . Where each site stands on the maps:{" "}
        <Link href="/settings/sites" className="font-medium text-blue-700 underline underline-offset-2">
          site pins
        </Link>
        . The sender, language and customer messages of your e-mails:{" "}
        <Link href="/settings/messages" className="font-medium text-blue-700 underline underline-offset-2">
          message settings
        </Link>
        . Your drivers&apos; home sites, hours and costs, which the pool&apos;s planner uses:{" "}
        <Link href="/settings/drivers" className="font-medium text-blue-700 underline underline-offset-2">
          drivers
        </Link>
        .
      </p>
    </>
  );
}
