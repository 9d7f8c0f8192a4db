import type { Metadata } from "next";
import Link from "next/link";
import { InspectionChecklistForm } from "@/components/kanban/inspection-checklist-form";
import { ReconSettingsForm } from "@/components/kanban/recon-settings-form";
import { SiteSettingsForm } from "@/components/kanban/site-settings-form";
import { SitePicker } from "@/components/kanban/site-picker";
import { buttonClasses } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { UserRole } from "@/lib/generated/prisma/enums";
import { chooseKanbanSite, prepSitesForUser } from "@/lib/prep-jobs/kanban/prep-sites-for-user";
import { getPrepSiteSettings } from "@/lib/prep-jobs/kanban/site-settings";
import { getInspectionChecklist } from "@/lib/recon/inspection-checklist";
import { getReconSiteSettings } from "@/lib/recon/recon-settings";
import { savePrepSiteSettingsAction } from "../actions";
import { saveInspectionChecklistAction, saveReconSettingsAction } from "./recon-actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Prep site settings" };

// /prep-jobs/settings?site=… — an admin sets a prep site's WIP limits, ageing thresholds and opening
// hours, and its reconditioning settings and inspection checklist
export default async function PrepSiteSettingsPage({
  searchParams,
}: {
  searchParams: Promise<{ site?: string | string[] }>;
}) {
  const staff = await requireStaff([UserRole.ADMIN]);
  const sites = await prepSitesForUser({ ...staff.user, organisationId: staff.organisationId });
  const requested = (await searchParams).site;
  const site = chooseKanbanSite(sites, typeof requested === "string" ? requested : undefined);
  const back = (
    <Link
      href={site ? `/prep-jobs?site=${encodeURIComponent(site.id)}` : "/prep-jobs"}
      className={buttonClasses({ variant: "secondary" })}
    >
      Back to the kanban
    </Link>
  );
  if (!site)
    return <PageHeader title="Prep site settings" description="There is no prep site yet." actions={back} />;
  const [settings, recon, checklist] = await Promise.all([
    getPrepSiteSettings(staff.organisationId, site.id),
    getReconSiteSettings(staff.organisationId, site.id),
    getInspectionChecklist(staff.organisationId, site.id),
  ]);
  return (
    <>
      <PageHeader
        title="Prep site settings"
        eyebrow={`${site.name} · ${site.code}`}
        description="WIP limits, ageing thresholds and opening hours of this site's kanban, how it prices and approves reconditioning, and its inspection checklist."
        actions={
          <>
            {sites.length > 1 ? <SitePicker sites={sites} current={site.id} /> : null}
            {back}
          </>
        }
      />
      <SiteSettingsForm
        key={site.id}
        siteId={site.id}
        timeZone={settings.site.timeZone}
        initial={settings.values}
        save={savePrepSiteSettingsAction}
      />
      <ReconSettingsForm
        key={`recon-${site.id}`}
        siteId={site.id}
        initial={recon}
        save={saveReconSettingsAction}
      />
      <InspectionChecklistForm
        key={`checklist-${site.id}`}
        siteId={site.id}
        initial={checklist}
        save={saveInspectionChecklistAction}
      />
    </>
  );
}
