import type { Metadata } from "next";
import { MarketplaceAdmin } from "@/components/marketplace/marketplace-admin";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { listCarriers, marketplaceAutoAccept } from "@/lib/marketplace/carriers";
import { inviteCarrierAction, setAutoAcceptAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Marketplace" };

// /marketplace — the organisation's carriers, invitations and auto-accept (administrators)
export default async function MarketplacePage() {
  const staff = await requireStaff(rolesWith("manage-marketplace"));
  const [carriers, autoAccept] = await Promise.all([
    listCarriers(staff.organisationId),
    marketplaceAutoAccept(staff.organisationId),
  ]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Marketplace"
        description="Carriers you invite see the requests you post to the marketplace, in their areas and for their transport methods, and claim them or bid."
      />
      <MarketplaceAdmin
        carriers={carriers}
        autoAccept={autoAccept}
        actions={{ invite: inviteCarrierAction, setAutoAccept: setAutoAcceptAction }}
      />
    </div>
  );
}
