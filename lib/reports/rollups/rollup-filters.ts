// The filters applied to the daily roll-ups: the period's days (inclusive), the site ('' holds every
// site's deliveries; a site's own rows hold those from or to it), the business area.
import type { Kdb } from "@/lib/db";
import { fromDateOnly } from "@/lib/dates";
import type { ReportFilters } from "@/lib/reports/report-filters";

/** The delivery roll-up's rows for the filters (the price histogram has the same keys). */
export function deliveryDays(
  kdb: Kdb,
  table: "ReportDeliveryDay" | "ReportPriceVarianceDay",
  organisationId: string,
  filters: ReportFilters,
) {
  return kdb
    .selectFrom(table)
    .where("organisationId", "=", organisationId)
    .where("siteId", "=", filters.siteId ?? "")
    .where("day", ">=", fromDateOnly(filters.from))
    .where("day", "<=", fromDateOnly(filters.to))
    .$if(filters.area !== null, (query) => query.where("businessArea", "=", filters.area!));
}
