// The charts of /reports for one organisation and one set of filters, the queries in parallel; or one
// of them (a CSV export runs only its own). The delivery and lane charts read the worker's daily
// roll-ups (lib/reports/rollups/), the prep charts the stage stays, the recon charts the recon roll-ups.
import "server-only";
import { type Kdb } from "@/lib/db";
import { readKysely } from "@/lib/read-replicas/read-kysely";
import { daysToFrontline } from "@/lib/reports/days-to-frontline";
import { etaAccuracyByCarrier, etaAccuracyByLane } from "@/lib/reports/eta-accuracy";
import { onTimeByCarrier } from "@/lib/reports/on-time-by-carrier";
import { onTimeByWeek } from "@/lib/reports/on-time-by-week";
import { priceVarianceByCarrier } from "@/lib/reports/price-variance-by-carrier";
import { reconApprovalTurnaround } from "@/lib/reports/recon-approvals";
import { reconCostByCategory, reconCostByMake, reconCostBySite } from "@/lib/reports/recon-cost";
import { reconVehicles } from "@/lib/reports/recon-vehicles";
import { reconWaitingBySite } from "@/lib/reports/recon-waiting";
import type { ReportFilters } from "@/lib/reports/report-filters";
import { stageTimeBySite } from "@/lib/reports/stage-time-by-site";
import { volumeByLane } from "@/lib/reports/volume-by-lane";

type Query = { kdb: Kdb; organisationId: string; filters: ReportFilters };

const LOADERS = {
  onTimeWeeks: (q: Query) => onTimeByWeek(q.kdb, q.organisationId, q.filters),
  onTimeCarriers: (q: Query) => onTimeByCarrier(q.kdb, q.organisationId, q.filters),
  priceVariance: (q: Query) => priceVarianceByCarrier(q.kdb, q.organisationId, q.filters),
  stageTimes: (q: Query) => stageTimeBySite(q.kdb, q.organisationId, q.filters),
  frontline: (q: Query) => daysToFrontline(q.kdb, q.organisationId, q.filters),
  lanes: (q: Query) => volumeByLane(q.kdb, q.organisationId, q.filters),
  etaLanes: (q: Query) => etaAccuracyByLane(q.kdb, q.organisationId, q.filters),
  etaCarriers: (q: Query) => etaAccuracyByCarrier(q.kdb, q.organisationId, q.filters),
  reconCostSites: (q: Query) => reconCostBySite(q.kdb, q.organisationId, q.filters),
  reconCostCategories: (q: Query) => reconCostByCategory(q.kdb, q.organisationId, q.filters),
  reconCostMakes: (q: Query) => reconCostByMake(q.kdb, q.organisationId, q.filters),
  reconWaiting: (q: Query) => reconWaitingBySite(q.kdb, q.organisationId, q.filters),
  reconApprovals: (q: Query) => reconApprovalTurnaround(q.kdb, q.organisationId, q.filters),
  reconVehicles: (q: Query) => reconVehicles(q.kdb, q.organisationId, q.filters),
};

export type Reports = { [K in keyof typeof LOADERS]: Awaited<ReturnType<(typeof LOADERS)[K]>> };
export type ReportPart = keyof Reports;

/** Every report, or only `only` (the others then empty). */
export async function getReports(
  organisationId: string,
  filters: ReportFilters,
  only?: ReportPart,
): Promise<Reports> {
  const kdb = await readKysely();
  const query = { kdb, organisationId, filters };
  const parts = Object.keys(LOADERS) as ReportPart[];
  const results = await Promise.all(
    parts.map((part) => (only && part !== only ? Promise.resolve([]) : LOADERS[part](query))),
  );
  return Object.fromEntries(parts.map((part, index) => [part, results[index]])) as Reports;
}
