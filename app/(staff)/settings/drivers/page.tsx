import type { Metadata } from "next";
import { DriverPlanningList } from "@/components/settings/driver-planning-list";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { defaultDriverCostPerHourCents, listDrivers } from "@/lib/drivers/list-drivers";
import { listPinnedSites } from "@/lib/infrastructure/site-pin";
import { saveDriverPlanningAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Drivers" };

// /settings/drivers — admins say what the pool's planner knows of each driver (docs/planning.md)
export default async function DriversPage() {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  const [drivers, sites, defaultCost] = await Promise.all([
    listDrivers(staff),
    listPinnedSites(staff.organisationId),
    defaultDriverCostPerHourCents(staff.organisationId),
  ]);
  return (
    <>
      <PageHeader
        title="Drivers"
        description="What “Plan the pool” knows of your own drivers: where their day starts and ends, their hours, days off, licence and cost."
      />
      <DriverPlanningList
        drivers={drivers}
        sites={sites}
        defaultCostPerHourCents={defaultCost}
        saveAction={saveDriverPlanningAction}
      />
    </>
  );
}
