// Each chart's table: the same columns on the page (the chart's text alternative) and in its CSV.
// Plain values: numbers stay numbers (the CSV's cells), money is a decimal amount with its currency.
import { decimalAmount } from "@/lib/movement-requests/board/csv";
import type { ReportPart, Reports } from "@/lib/reports/get-reports";
import { CATEGORY_LABEL } from "@/lib/recon/category-labels";
import { WAIT_CAUSES, type EtaAccuracy, type ReconCost, type WaitCause } from "@/lib/reports/report-rows";

export const REPORT_KEYS = [
  "on-time-weekly",
  "on-time-carriers",
  "price-variance",
  "stage-time",
  "days-to-frontline",
  "lanes",
  "eta-accuracy-lanes",
  "eta-accuracy-carriers",
  "recon-cost-sites",
  "recon-cost-categories",
  "recon-cost-makes",
  "recon-waiting",
  "recon-approvals",
  "recon-vehicles",
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

export type Cell = string | number;
export type ReportTable = { columns: string[]; rows: Cell[][] };

export const REPORT_TITLES: Record<ReportKey, string> = {
  "on-time-weekly": "On-time delivery rate by week",
  "on-time-carriers": "On-time delivery rate by carrier",
  "price-variance": "Final price against the estimate, by carrier",
  "stage-time": "Time in each prep stage, by site",
  "days-to-frontline": "Days to frontline, by prep site",
  lanes: "Volume by lane",
  "eta-accuracy-lanes": "ETA accuracy by lane",
  "eta-accuracy-carriers": "ETA accuracy by carrier",
  "recon-cost-sites": "Recon cost per vehicle, by prep site",
  "recon-cost-categories": "Recon cost by category of work",
  "recon-cost-makes": "Recon cost per vehicle, by make and model",
  "recon-waiting": "Why vehicles wait: arrival to frontline, by cause",
  "recon-approvals": "Approval turnaround, by approver",
  "recon-vehicles": "Vehicles that reached the frontline last: cost and waiting",
};

/** Which part of the reports each table shows. */
export const REPORT_PART: Record<ReportKey, ReportPart> = {
  "on-time-weekly": "onTimeWeeks",
  "on-time-carriers": "onTimeCarriers",
  "price-variance": "priceVariance",
  "stage-time": "stageTimes",
  "days-to-frontline": "frontline",
  lanes: "lanes",
  "eta-accuracy-lanes": "etaLanes",
  "eta-accuracy-carriers": "etaCarriers",
  "recon-cost-sites": "reconCostSites",
  "recon-cost-categories": "reconCostCategories",
  "recon-cost-makes": "reconCostMakes",
  "recon-waiting": "reconWaiting",
  "recon-approvals": "reconApprovals",
  "recon-vehicles": "reconVehicles",
};

export const STAGE_LABEL = {
  INBOUND: "Inbound",
  ARRIVED: "Arrived",
  APPRAISED: "Appraised",
  OUTBOUND: "Outbound",
};

export function reportTable(key: ReportKey, reports: Reports): ReportTable {
  switch (key) {
    case "on-time-weekly":
      return {
        columns: ["Week starting", "Delivered", "On time", "On-time rate (%)"],
        rows: reports.onTimeWeeks.map((row) => [row.week, row.delivered, row.onTime, row.rate]),
      };
    case "on-time-carriers":
      return {
        columns: ["Carrier", "Kind", "Delivered", "On time", "On-time rate (%)"],
        rows: reports.onTimeCarriers.map((row) => [
          row.carrier.name,
          carrierKind(row.carrier.kind),
          row.delivered,
          row.onTime,
          row.rate,
        ]),
      };
    case "price-variance":
      return {
        columns: [
          "Carrier",
          "Currency",
          "Priced",
          "Median variance (%)",
          "10th percentile (%)",
          "90th percentile (%)",
          "Mean variance",
          "Total variance",
        ],
        rows: reports.priceVariance.map((row) => [
          row.carrier.name,
          row.currencyCode,
          row.priced,
          row.medianPercent,
          row.p10Percent,
          row.p90Percent,
          // Numbers, not text: a CSV cell of text starting with "-" is neutralised as a formula.
          Number(decimalAmount(row.meanVarianceCents, row.currencyCode)),
          Number(decimalAmount(row.totalVarianceCents, row.currencyCode)),
        ]),
      };
    case "stage-time":
      return {
        columns: ["Site", "Stage", "Stays", "Median (h)", "90th percentile (h)", "Hours counted"],
        rows: reports.stageTimes.map((row) => [
          row.site.name,
          STAGE_LABEL[row.stage],
          row.stays,
          row.medianHours,
          row.p90Hours,
          row.site.workingHours ? "Working hours" : "Elapsed",
        ]),
      };
    case "days-to-frontline":
      return {
        columns: ["Prep site", "Jobs", "Median (days)", "90th percentile (days)"],
        rows: reports.frontline.map((row) => [row.site.name, row.jobs, row.medianDays, row.p90Days]),
      };
    case "lanes":
      return {
        columns: ["From", "To", "Requests", "Delivered", "Cancelled or aborted"],
        rows: reports.lanes.map((row) => [
          row.origin.name,
          row.destination.name,
          row.requests,
          row.delivered,
          row.calledOff,
        ]),
      };
    case "eta-accuracy-lanes":
      return {
        columns: ["From", "To", ...ETA_COLUMNS],
        rows: reports.etaLanes.map((row) => [row.origin.name, row.destination.name, ...etaCells(row)]),
      };
    case "eta-accuracy-carriers":
      return {
        columns: ["Carrier", "Kind", ...ETA_COLUMNS],
        rows: reports.etaCarriers.map((row) => [
          row.carrier.name,
          carrierKind(row.carrier.kind),
          ...etaCells(row),
        ]),
      };
    case "recon-cost-sites":
      return {
        columns: ["Prep site", ...COST_COLUMNS],
        rows: reports.reconCostSites.map((row) => [row.site.name, ...costCells(row)]),
      };
    case "recon-cost-categories":
      return {
        columns: ["Category", ...COST_COLUMNS],
        rows: reports.reconCostCategories.map((row) => [CATEGORY_LABEL[row.category], ...costCells(row)]),
      };
    case "recon-cost-makes":
      return {
        columns: ["Make", "Model", ...COST_COLUMNS],
        rows: reports.reconCostMakes.map((row) => [row.make, row.model, ...costCells(row)]),
      };
    case "recon-waiting":
      return {
        columns: [
          "Prep site",
          "Vehicles",
          ...WAIT_CAUSES.map((cause) => `${WAIT_CAUSE_LABEL[cause]} (h)`),
          "Hours counted",
        ],
        rows: reports.reconWaiting.map((row) => [
          row.site.name,
          row.vehicles,
          ...WAIT_CAUSES.map((cause) => row.hours[cause]),
          row.site.workingHours ? "Working hours" : "Elapsed",
        ]),
      };
    case "recon-vehicles":
      return {
        columns: [
          "Vehicle",
          "Make and model",
          "Prep site",
          "Reached the frontline",
          "Currency",
          "Estimated, done items",
          "Actual, done items",
          ...WAIT_CAUSES.map((cause) => `${WAIT_CAUSE_LABEL[cause]} (h)`),
          "Hours counted",
        ],
        rows: reports.reconVehicles.map((row) => [
          row.vehicle,
          row.makeModel,
          row.siteName,
          row.reachedFrontline,
          row.currencyCode,
          Number(decimalAmount(row.doneEstimatedCents, row.currencyCode)),
          Number(decimalAmount(row.actualCents, row.currencyCode)),
          ...WAIT_CAUSES.map((cause) => row.hours[cause]),
          row.workingHours ? "Working hours" : "Elapsed",
        ]),
      };
    case "recon-approvals":
      return {
        columns: ["Approver", "Decisions", "Approved (%)", "Median (h)", "90th percentile (h)"],
        rows: reports.reconApprovals.map((row) => [
          row.approver,
          row.decisions,
          row.approvedPercent,
          row.medianHours,
          row.p90Hours,
        ]),
      };
  }
}

export const WAIT_CAUSE_LABEL: Record<WaitCause, string> = {
  approval: "Awaiting approval",
  parts: "Waiting parts",
  sublet: "At sublet",
  work: "In work",
  idle: "Idle",
};

const COST_COLUMNS = [
  "Currency",
  "Vehicles",
  "Items",
  "Done",
  "Estimated, done items",
  "Actual, done items",
  "Actual − estimate (%)",
  "Actual per vehicle",
  "Declined (% of estimates)",
];

function costCells(row: ReconCost): Cell[] {
  return [
    row.currencyCode,
    row.vehicles,
    row.items,
    row.done,
    Number(decimalAmount(row.doneEstimatedCents, row.currencyCode)),
    Number(decimalAmount(row.actualCents, row.currencyCode)),
    row.differencePercent,
    Number(decimalAmount(row.actualPerVehicleCents, row.currencyCode)),
    row.declinedPercent,
  ];
}

const ETA_COLUMNS = ["Delivered", "In the window (%)", "Median minutes off", "90th percentile minutes off"];

function etaCells(row: EtaAccuracy): Cell[] {
  return [row.measured, row.inWindowPercent, row.medianMinutes, row.p90Minutes];
}

function carrierKind(kind: "3PL" | "DRIVER" | "NONE"): string {
  return kind === "3PL" ? "3PL" : kind === "DRIVER" ? "Own driver" : "—";
}
