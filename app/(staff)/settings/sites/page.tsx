import type { Metadata } from "next";
import { SitePinEditor } from "@/components/maps/site-pin-editor";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { env } from "@/lib/env";
import { listPinnedSites } from "@/lib/infrastructure/site-pin";
import { mapTilesOf } from "@/lib/maps/map-tiles";
import { saveSitePinAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Site pins" };

// /settings/sites — admins drop each site's pin where it is: the board's map, the detail panel's and
// the customers' tracking pages draw the site there
export default async function SitePinsPage() {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  const sites = await listPinnedSites(staff.organisationId);
  return (
    <>
      <PageHeader
        title="Site pins"
        description="Where each site stands on the maps: the movement board's, the movement details' and your customers' tracking pages."
      />
      <SitePinEditor sites={sites} tiles={mapTilesOf(env().MAP_TILES_URL)} saveAction={saveSitePinAction} />
    </>
  );
}
