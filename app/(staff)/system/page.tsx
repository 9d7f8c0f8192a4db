// /system — ADMIN only: is the service keeping its promises? The worker's heartbeat, the webhook
// backlog and its last hour, delivery success per endpoint, the database and the build; refreshed live.
import type { Metadata } from "next";
import { SystemStatusPanel } from "@/components/system/system-status-panel";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { systemStatus } from "@/lib/operations/system-status";

export const metadata: Metadata = { title: "System" };

export default async function SystemPage() {
  const staff = await requireStaff(rolesWith("view-system"));
  const status = await systemStatus(staff.organisationId);
  return (
    <>
      <PageHeader
        title="System"
        description="The figures the metrics endpoint serves (docs/operations.md), refreshed every 5 seconds. Endpoints are your organisation's; the backlog and the worker are the whole service's."
      />
      <SystemStatusPanel initialStatus={status} statusUrl="/api/system" />
    </>
  );
}
