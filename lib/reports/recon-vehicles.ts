// The vehicles behind the recon figures: the MAX_VEHICLES jobs with work items that reached the frontline
// last in the period, each with its cost (estimated against actual for the items done) and its hours
// from arrival to the frontline by cause, so a manager sees which vehicle waited and why. From the
// worker's roll-up (ReconWaitReport by its (organisationId, frontlineAt) index, newest first; the cost
// rows of those jobs by their key).
import { sql, type Kdb } from "@/lib/db";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";
import type { ReconVehicle } from "@/lib/reports/report-rows";

export const MAX_VEHICLES = 20;
const hours = (seconds: number) => Math.round(seconds / 36) / 100;

export async function reconVehicles(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
): Promise<ReconVehicle[]> {
  const { start, end } = periodOf(filters);
  const rows = await kdb
    .selectFrom("ReconWaitReport as w")
    .innerJoin("PrepJob as job", "job.id", "w.prepJobId")
    .innerJoin("Site as site", "site.id", "w.prepSiteId")
    .where("w.organisationId", "=", organisationId)
    .where("w.frontlineAt", ">=", start)
    .where("w.frontlineAt", "<", end)
    .$if(filters.siteId !== null, (query) => query.where("w.prepSiteId", "=", filters.siteId!))
    .$if(filters.area !== null, (query) => query.where("w.businessArea", "=", filters.area!))
    .select([
      "w.prepJobId",
      "w.frontlineAt",
      "w.approvalSeconds",
      "w.partsSeconds",
      "w.subletSeconds",
      "w.workSeconds",
      "w.idleSeconds",
      "w.workingHours",
      "job.vrm",
      "job.vin",
      "job.make",
      "job.model",
      "site.name as siteName",
      (eb) =>
        eb
          .selectFrom("ReconCostReport as c")
          .whereRef("c.prepJobId", "=", "w.prepJobId")
          .select(
            sql<
              { currency: string; doneEstimatedCents: number; actualCents: number }[]
            >`coalesce(json_agg(json_build_object('currency', c.currency, 'doneEstimatedCents', c."doneEstimatedCents", 'actualCents', c."actualCents")), '[]')`.as(
              "costs",
            ),
          )
          .as("costs"),
    ])
    .orderBy("w.frontlineAt", "desc")
    .orderBy("w.prepJobId", "desc")
    .limit(MAX_VEHICLES)
    .execute();
  const atTime = new Intl.DateTimeFormat("en-GB", {
    timeZone: filters.zone,
    dateStyle: "medium",
    timeStyle: "short",
  });
  return rows.map((row) => {
    // A job's items share its site's currency; one that changed currency shows its first.
    const costs = row.costs ?? [];
    const currencyCode = costs[0]?.currency ?? "";
    const ofCurrency = costs.filter((cost) => cost.currency === currencyCode);
    return {
      prepJobId: row.prepJobId,
      vehicle: row.vrm ?? row.vin,
      makeModel: [row.make, row.model].filter(Boolean).join(" ") || "—",
      siteName: row.siteName,
      frontlineAt: row.frontlineAt.toISOString(),
      reachedFrontline: atTime.format(row.frontlineAt),
      currencyCode,
      doneEstimatedCents: ofCurrency.reduce((sum, cost) => sum + cost.doneEstimatedCents, 0),
      actualCents: ofCurrency.reduce((sum, cost) => sum + cost.actualCents, 0),
      workingHours: row.workingHours,
      hours: {
        approval: hours(row.approvalSeconds),
        parts: hours(row.partsSeconds),
        sublet: hours(row.subletSeconds),
        work: hours(row.workSeconds),
        idle: hours(row.idleSeconds),
      },
    };
  });
}
