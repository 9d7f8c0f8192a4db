import type { FactoryDb } from "@/prisma/factories";

/** Row counts of what the seed writes, for the closing summary. */
export async function seededCounts(db: FactoryDb): Promise<Record<string, number>> {
  const [statuses, counts] = await Promise.all([
    db.movementRequest.groupBy({ by: ["status"], _count: { _all: true }, orderBy: { status: "asc" } }),
    Promise.all([
      db.organisation.count(),
      db.profile.count(),
      db.apiKey.count(),
      db.user.count(),
      db.site.count(),
      db.thirdPartyLogisticsProvider.count(),
      db.rateCard.count(),
      db.driver.count(),
      db.prepJob.count(),
      db.movementRequest.count(),
      db.movement.count(),
      db.movementRequestStatusChange.count(),
      db.reconWorkItem.count(),
      db.reconSubletLink.count(),
    ]),
  ]);
  const names = [
    "organisations",
    "profiles",
    "API keys",
    "users",
    "sites",
    "3PLs",
    "rate cards",
    "drivers",
    "prep jobs",
    "movement requests",
    "movements (legs)",
    "status changes",
    "recon work items",
    "sublet vendor links",
  ];
  const summary = Object.fromEntries(names.map((name, index) => [name, counts[index] ?? 0]));
  for (const row of statuses) summary[`  ${row.status}`] = row._count._all;
  return summary;
}
