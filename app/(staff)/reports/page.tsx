// /reports?from=…&to=…&site=…&area=… — delivery, price and prep figures across the group's sites, for
// dispatchers and administrators: a chart per report, its table, and its CSV (docs/reports.md).
import type { Metadata } from "next";
import type { ReactNode } from "react";
import {
  EtaAccuracyCarriersChart,
  EtaAccuracyLanesChart,
  FrontlineChart,
  LanesChart,
  OnTimeCarriersChart,
  OnTimeWeeklyChart,
  PriceVarianceChart,
  StageTimeChart,
} from "@/components/reports/report-charts";
import {
  ReconApprovalsChart,
  ReconCostChart,
  ReconVehiclesChart,
  ReconWaitingChart,
} from "@/components/reports/recon-charts";
import { ReportFiltersForm } from "@/components/reports/report-filters-form";
import { ReportSection } from "@/components/reports/report-section";
import { Alert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/auth/require-staff";
import { rolesWith } from "@/lib/auth/roles";
import { kysely } from "@/lib/db";
import { getReports } from "@/lib/reports/get-reports";
import { parseReportFilters, reportFiltersQuery } from "@/lib/reports/report-filters";
import { CATEGORY_LABEL } from "@/lib/recon/category-labels";
import { REPORT_TITLES, reportTable, type ReportKey } from "@/lib/reports/report-tables";
import { organisationZone, reportSites, siteZonesOf } from "@/lib/reports/site-zones";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Reports" };

type SearchParams = Record<string, string | string[] | undefined>;

export default async function ReportsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const staff = await requireStaff(rolesWith("view-reports"));
  const now = new Date();
  const sites = await reportSites(kysely(), staff.organisationId);
  const zone = organisationZone(siteZonesOf(sites));
  const parsed = parseReportFilters(await searchParams, now, zone);
  const header = (
    <PageHeader
      title="Reports"
      description="Deliveries, final prices, prep times and reconditioning across your sites. Each chart has its table below it, and each table downloads as CSV."
    />
  );
  if (!parsed.ok) {
    return (
      <>
        {header}
        <Alert tone="danger" title="These filters cannot be used">
          <ul className="list-disc pl-5">
            {parsed.errors.map((error) => (
              <li key={`${error.field}:${error.message}`}>
                {error.field}: {error.message}
              </li>
            ))}
          </ul>
          <a href="/reports" className="mt-2 inline-block font-medium underline">
            Show the last 12 weeks instead
          </a>
        </Alert>
      </>
    );
  }
  const { filters } = parsed;
  const reports = await getReports(staff.organisationId, filters);
  const query = reportFiltersQuery(filters);
  const section = (
    key: ReportKey,
    description: string,
    empty: string,
    chart: (label: string) => ReactNode,
  ) => (
    <ReportSection
      reportKey={key}
      title={REPORT_TITLES[key]}
      description={description}
      empty={empty}
      table={reportTable(key, reports)}
      query={query}
      chart={chart(
        `${REPORT_TITLES[key]}, ${filters.from} to ${filters.to}. The table below gives the figures.`,
      )}
    />
  );

  return (
    <>
      {header}
      <ReportFiltersForm filters={filters} sites={sites} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        {section(
          "on-time-weekly",
          `Share of the requests delivered each week (Monday to Sunday, ${zoneName(zone)}) that arrived by their deadline.`,
          "Once requests are delivered in this period, their on-time share appears here week by week.",
          (label) => (
            <OnTimeWeeklyChart rows={reports.onTimeWeeks} label={label} />
          ),
        )}
        {section(
          "on-time-carriers",
          "The same share per carrier: the 3PL or own driver of the leg that delivered.",
          "Once requests are delivered in this period, each carrier's on-time share appears here.",
          (label) => (
            <OnTimeCarriersChart rows={reports.onTimeCarriers} label={label} />
          ),
        )}
        {section(
          "price-variance",
          "Final price − estimate, as a share of the estimate: the bar is the median, the whisker runs from the 10th to the 90th percentile.",
          "Once delivered requests with an estimate have a final price, each carrier's variance appears here.",
          (label) => (
            <PriceVarianceChart rows={reports.priceVariance} label={label} />
          ),
        )}
        {section(
          "stage-time",
          "Median hours a vehicle stays in each prep stage, per site (working hours where the site has opening hours); the table adds the 90th percentile.",
          "Once prep jobs move on from a stage in this period, the time they spent in it appears here per site.",
          (label) => (
            <StageTimeChart rows={reports.stageTimes} label={label} />
          ),
        )}
        {section(
          "days-to-frontline",
          "Days from a prep job's creation to its Outbound stage (ready for sale), for the jobs that reached it in the period.",
          "Once prep jobs reach the Outbound stage in this period, their days to frontline appear here per site.",
          (label) => (
            <FrontlineChart rows={reports.frontline} label={label} />
          ),
        )}
        {section(
          "lanes",
          "Movement requests created in the period per origin → destination, the 20 busiest lanes.",
          "Once movement requests are created in this period, the busiest lanes appear here.",
          (label) => (
            <LanesChart rows={reports.lanes} label={label} />
          ),
        )}
        {section(
          "eta-accuracy-lanes",
          "How far each delivery was from the arrival window it was given at collection (0 inside it), per lane: the median; the table adds the share inside the window and the 90th percentile.",
          "Once requests whose arrival was estimated at collection are delivered in this period, the estimates' accuracy appears here per lane.",
          (label) => (
            <EtaAccuracyLanesChart rows={reports.etaLanes} label={label} />
          ),
        )}
        {section(
          "eta-accuracy-carriers",
          "The same per carrier: the 3PL or own driver of the leg that delivered.",
          "Once requests whose arrival was estimated at collection are delivered in this period, the estimates' accuracy appears here per carrier.",
          (label) => (
            <EtaAccuracyCarriersChart rows={reports.etaCarriers} label={label} />
          ),
        )}
        {section(
          "recon-cost-sites",
          "For the vehicles that reached the frontline (Outbound) in the period: what their finished work items were estimated at and what they cost, per prep site; the table adds the cost per vehicle and the share of the estimates declined.",
          "Once vehicles with work items reach the frontline in this period, their recon cost appears here per site.",
          (label) => (
            <ReconCostChart
              rows={reports.reconCostSites.map((row) => ({ ...row, name: row.site.name }))}
              label={label}
            />
          ),
        )}
        {section(
          "recon-cost-categories",
          "The same vehicles' work items by category: estimated against actual for the items done, and the share declined.",
          "Once vehicles with work items reach the frontline in this period, their cost by category appears here.",
          (label) => (
            <ReconCostChart
              rows={reports.reconCostCategories.map((row) => ({
                ...row,
                name: CATEGORY_LABEL[row.category],
              }))}
              label={label}
            />
          ),
        )}
        {section(
          "recon-cost-makes",
          "The same per make and model, the 20 with the most vehicles.",
          "Once vehicles with work items reach the frontline in this period, their cost by make and model appears here.",
          (label) => (
            <ReconCostChart
              rows={reports.reconCostMakes.map((row) => ({ ...row, name: `${row.make} ${row.model}` }))}
              label={label}
            />
          ),
        )}
        {section(
          "recon-waiting",
          "A vehicle's mean hours from arrival at the prep site to the frontline, split by what its work items waited for (work under way counts as work), in working hours where the site has opening hours.",
          "Once vehicles with work items reach the frontline in this period, what their time went on appears here per site.",
          (label) => (
            <ReconWaitingChart rows={reports.reconWaiting} label={label} />
          ),
        )}
        {section(
          "recon-approvals",
          "Hours from sending a work item for approval to the approver's decision (approve or decline; those under a site's threshold aside), in working hours where the site has opening hours.",
          "Once work items are approved or declined in this period, each approver's turnaround appears here.",
          (label) => (
            <ReconApprovalsChart rows={reports.reconApprovals} label={label} />
          ),
        )}
        {section(
          "recon-vehicles",
          "The 20 vehicles with work items that reached the frontline last in the period: what their finished items were estimated at and cost, and their hours from arrival to the frontline by cause (two decimals).",
          "Once vehicles with work items reach the frontline in this period, the latest appear here one by one.",
          (label) => (
            <ReconVehiclesChart rows={reports.reconVehicles} label={label} />
          ),
        )}
      </div>
    </>
  );
}

/** "Europe/London" as "Europe/London time", UTC as itself. */
function zoneName(zone: string): string {
  return zone === "UTC" ? "UTC" : `${zone.replaceAll("_", " ")} time`;
}
