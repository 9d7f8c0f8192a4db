// The drivers' settings page: one folding entry per driver, its summary what the planner knows at a
// glance (home site, working days, licence), its body the form.
import { DriverPlanningForm, type SiteChoice } from "@/components/settings/driver-planning-form";
import { Badge } from "@/components/ui/badge";
import { WEEK_FROM_MONDAY, WEEKDAY_NAMES } from "@/lib/dates";
import type { DriverResponse } from "@/lib/drivers/schemas";
import type { ActionResult } from "@/lib/http/action-result";

type Props = {
  drivers: DriverResponse[];
  sites: SiteChoice[];
  defaultCostPerHourCents: number;
  saveAction: (driverId: string, input: unknown) => Promise<ActionResult<DriverResponse>>;
};

function workingDays(driver: DriverResponse): string {
  const days = WEEK_FROM_MONDAY.filter((day) => driver.workingHours[day]);
  return days.length === 0 ? "No working days" : days.map((day) => WEEKDAY_NAMES[day].slice(0, 2)).join(" ");
}

export function DriverPlanningList({ drivers, sites, defaultCostPerHourCents, saveAction }: Props) {
  const siteName = new Map(sites.map((site) => [site.id, site.name]));
  if (drivers.length === 0) return <p className="text-slate-700">No active drivers.</p>;
  return (
    <ul className="max-w-4xl space-y-3">
      {drivers.map((driver) => (
        <li key={driver.id} data-testid="driver-planning">
          <details className="group rounded-lg border border-slate-200 bg-white shadow-sm">
            <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
              <span className="font-semibold text-slate-900">
                {driver.firstname} {driver.surname}
              </span>
              {driver.homeSiteId ? (
                <span className="text-sm text-slate-700">{siteName.get(driver.homeSiteId)}</span>
              ) : (
                <Badge tone="warning">No home site: left out of plans</Badge>
              )}
              <span className="text-sm text-slate-600 tabular-nums">{workingDays(driver)}</span>
              {driver.transporterLicence ? <Badge tone="neutral">Transporter</Badge> : null}
              <span aria-hidden="true" className="ml-auto text-slate-500 group-open:rotate-180">
                ▾
              </span>
            </summary>
            <div className="border-t border-slate-200 px-4 py-4">
              <DriverPlanningForm
                driver={driver}
                sites={sites}
                defaultCostPerHourCents={defaultCostPerHourCents}
                saveAction={saveAction}
              />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}
