// New movement request: the create wizard, for dispatchers and admins.
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { MapPinIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { CreateMovementWizard } from "@/components/wizard/create-movement-wizard";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { getWizardOptions } from "@/lib/movement-requests/wizard/get-wizard-options";
import { createMovementRequestAction } from "./actions";

export const metadata: Metadata = { title: "New movement request" };

export default async function NewMovementRequestPage() {
  const staff = await requireStaff(rolesWith("dispatch"));
  const options = await getWizardOptions(staff.organisationId);
  return (
    <>
      <PageHeader
        eyebrow={
          <Link href="/board" className="hover:text-slate-900 hover:underline">
            Board
          </Link>
        }
        title="New movement request"
        description="Move a vehicle between two of your sites: into the planning pool, or straight to a logistics partner."
      />
      {options.sites.length === 0 || options.profiles.length === 0 ? (
        <EmptyState
          icon={<MapPinIcon />}
          title={options.sites.length === 0 ? "No sites yet" : "No profile to act for"}
          description="Movement requests go between your organisation's sites, for one of its profiles. Ask an administrator to set them up."
        />
      ) : (
        <CreateMovementWizard options={options} createAction={createMovementRequestAction} />
      )}
    </>
  );
}
