import type { Metadata } from "next";
import { DriverPlanningList } from "@/components/settings/driver-planning-list";
import { PlanningSettingsForm } from "@/components/settings/planning-settings-form";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { listDrivers } from "@/lib/drivers/list-drivers";
import { listPinnedSites } from "@/lib/infrastructure/site-pin";
import { getPlanningSettings } from "@/lib/organisations/planning-settings";
import { saveDriverPlanningAction, savePlanningSettingsAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Drivers" };

// /settings/drivers — admins set what the pool's planner weighs (the organisation's planning settings) and
// what it knows of each driver (docs/planning.md)
export default async function DriversPage() {
  const staff = await requireStaff(rolesWith("manage-organisation"));
  const [drivers, sites, settings] = await Promise.all([
    listDrivers(staff),
    listPinnedSites(staff.organisationId),
    getPlanningSettings(staff.organisationId),
  ]);
  return (
    <>
      <PageHeader
        title="Drivers"
        description="What “Plan the pool” knows of your own drivers: where their day starts and ends, their hours, days off, licence and cost."
      />
      <PlanningSettingsForm initial={settings} saveAction={savePlanningSettingsAction} />
      <DriverPlanningList
        drivers={drivers}
        sites={sites}
        defaultCostPerHourCents={settings.driverCostPerHourCents}
        saveAction={saveDriverPlanningAction}
      />
    </>
  );
}
