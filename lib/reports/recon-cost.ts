// Recon cost per vehicle for the jobs that reached the frontline (entered OUTBOUND) in the period: by
// prep site, by work-item category, and by make and model. Estimated against actual compares the items
// done (what was estimated for them, what they cost); the share declined is of the estimates' value.
// From the worker's roll-up (ReconCostReport: one row per job, category and currency).
import { sql, type Kdb } from "@/lib/db";
import type { ReconCategory } from "@/lib/generated/prisma/enums";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";
import { oneDecimal, type ReconCost } from "@/lib/reports/report-rows";

export const MAX_MAKES = 20;

/**
 * The period's cost rows summed per currency (the caller adds its grouping). A job has one row per
 * category and currency, so per category its vehicles are the rows; otherwise the rows flagged
 * `vehicle`, one per job and currency.
 */
function costRows(kdb: Kdb, organisationId: string, filters: ReportFilters, perCategory = false) {
  const { start, end } = periodOf(filters);
  return kdb
    .selectFrom("ReconCostReport as c")
    .where("c.organisationId", "=", organisationId)
    .where("c.frontlineAt", ">=", start)
    .where("c.frontlineAt", "<", end)
    .$if(filters.siteId !== null, (query) => query.where("c.prepSiteId", "=", filters.siteId!))
    .$if(filters.area !== null, (query) => query.where("c.businessArea", "=", filters.area!))
    .select([
      "c.currency",
      (perCategory ? sql<string>`count(*)` : sql<string>`sum(c.vehicle)`).as("vehicles"),
      sql<string>`sum(c.items)`.as("items"),
      sql<string>`sum(c.done)`.as("done"),
      sql<string>`sum(c."estimatedCents")`.as("estimatedCents"),
      sql<string>`sum(c."declinedCents")`.as("declinedCents"),
      sql<string>`sum(c."doneEstimatedCents")`.as("doneEstimatedCents"),
      sql<string>`sum(c."actualCents")`.as("actualCents"),
    ])
    .groupBy("c.currency");
}

type Sums = {
  currency: string;
  vehicles: string;
  items: string;
  done: string;
  estimatedCents: string;
  declinedCents: string;
  doneEstimatedCents: string;
  actualCents: string;
};

function costOf(row: Sums): ReconCost {
  const [vehicles, estimated, declined, doneEstimated, actual] = [
    row.vehicles,
    row.estimatedCents,
    row.declinedCents,
    row.doneEstimatedCents,
    row.actualCents,
  ].map(Number) as [number, number, number, number, number];
  return {
    currencyCode: row.currency,
    vehicles,
    items: Number(row.items),
    done: Number(row.done),
    estimatedCents: estimated,
    doneEstimatedCents: doneEstimated,
    actualCents: actual,
    actualPerVehicleCents: vehicles ? Math.round(actual / vehicles) : 0,
    differencePercent: doneEstimated ? oneDecimal((100 * (actual - doneEstimated)) / doneEstimated) : 0,
    declinedPercent: estimated + declined ? oneDecimal((100 * declined) / (estimated + declined)) : 0,
  };
}

export async function reconCostBySite(kdb: Kdb, organisationId: string, filters: ReportFilters) {
  const rows = await kdb
    .selectFrom(costRows(kdb, organisationId, filters).select("c.prepSiteId").groupBy("c.prepSiteId").as("g"))
    .innerJoin("Site as site", "site.id", "g.prepSiteId")
    .selectAll("g")
    .select(["site.name", "site.code"])
    .orderBy("site.name")
    .orderBy("g.currency")
    .execute();
  return rows.map((row) => ({
    site: { id: row.prepSiteId, name: row.name, code: row.code },
    ...costOf(row),
  }));
}

export async function reconCostByCategory(kdb: Kdb, organisationId: string, filters: ReportFilters) {
  const rows = await costRows(kdb, organisationId, filters, true)
    .select("c.category")
    .groupBy("c.category")
    .orderBy("c.category")
    .orderBy("c.currency")
    .execute();
  return rows.map((row) => ({ category: row.category as ReconCategory, ...costOf(row) }));
}

/** The MAX_MAKES makes and models with the most vehicles; an unknown make is "—". */
export async function reconCostByMake(kdb: Kdb, organisationId: string, filters: ReportFilters) {
  const rows = await costRows(kdb, organisationId, filters)
    .select(["c.make", "c.model"])
    .groupBy(["c.make", "c.model"])
    .orderBy(sql`sum(c.vehicle)`, "desc")
    .orderBy("c.make")
    .orderBy("c.model")
    .limit(MAX_MAKES)
    .execute();
  return rows.map((row) => ({ make: row.make ?? "—", model: row.model ?? "—", ...costOf(row) }));
}
