// The requests the delivery reports read: delivered in the period (by completedOn), of the filters'
// business area, from or to the filters' site; each with its carrier, the one of its last leg (the leg
// that delivered it): a 3PL, an own driver, or none recorded. The period's days are the organisation's
// (filters.zone).
import type { Kdb } from "@/lib/db";
import { periodOf, type ReportFilters } from "@/lib/reports/report-filters";
import { deliveredOnTime, type SiteZones } from "@/lib/reports/site-zones";

export function deliveredRequests(
  kdb: Kdb,
  organisationId: string,
  filters: ReportFilters,
  zones: SiteZones,
) {
  const { start, end } = periodOf(filters);
  return kdb
    .selectFrom("MovementRequest as r")
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("Movement as m")
          .select(["m.driverId", "m.thirdPartyLogisticsProviderId"])
          .whereRef("m.movementRequestId", "=", "r.id")
          .orderBy("m.legNumber", "desc")
          .limit(1)
          .as("leg"),
      (join) => join.onTrue(),
    )
    .select([
      "r.id",
      "r.completedOn",
      "r.businessArea",
      "r.originSiteId",
      "r.destinationSiteId",
      "r.estimatedCostCents",
      "r.estimatedCostCurrency",
      "r.costCents",
      "r.costCurrency",
      "leg.driverId",
      "leg.thirdPartyLogisticsProviderId as providerId",
      deliveredOnTime(zones).as("onTime"),
    ])
    .where("r.organisationId", "=", organisationId)
    .where("r.status", "=", "DELIVERED")
    .where("r.completedOn", ">=", start)
    .where("r.completedOn", "<", end)
    .$if(filters.area !== null, (query) => query.where("r.businessArea", "=", filters.area!))
    .$if(filters.siteId !== null, (query) =>
      query.where((eb) =>
        eb.or([eb("r.originSiteId", "=", filters.siteId!), eb("r.destinationSiteId", "=", filters.siteId!)]),
      ),
    );
}

export type CarrierKind = "3PL" | "DRIVER" | "NONE";

export type Carrier = { kind: CarrierKind; id: string | null; name: string };

/** A carrier from a grouped row's ids and the names joined to them. */
export function carrierOf(row: {
  providerId: string | null;
  driverId: string | null;
  providerName: string | null;
  driverFirstname: string | null;
  driverSurname: string | null;
}): Carrier {
  if (row.providerId) return { kind: "3PL", id: row.providerId, name: row.providerName ?? row.providerId };
  if (row.driverId) {
    const name = [row.driverFirstname, row.driverSurname].filter(Boolean).join(" ");
    return { kind: "DRIVER", id: row.driverId, name: name || row.driverId };
  }
  return { kind: "NONE", id: null, name: "No carrier recorded" };
}
