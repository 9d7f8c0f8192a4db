// The board's filters and sort as Prisma clauses, shared by the page query and the CSV export so that
// an export always holds exactly the rows of the view it was started from.
import { fromDateOnly } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  UNASSIGNED,
  type BoardFilters,
  type BoardQuery,
  type BoardSortColumn,
} from "@/lib/movement-requests/board/board-query";
import { utcToday } from "@/lib/movement-requests/board/board-row";
import { TERMINAL_STATUSES } from "@/lib/movement-requests/transitions";

/** Every request of the organisation (all its profiles: staff see the whole organisation) that matches. */
export function boardWhere(
  organisationId: string,
  filters: BoardFilters,
  today: Date = utcToday(),
): Prisma.MovementRequestWhereInput {
  const and: Prisma.MovementRequestWhereInput[] = [];
  if (filters.late) {
    and.push({ deliveryByDate: { lt: today }, status: { notIn: [...TERMINAL_STATUSES] } });
  }
  if (filters.carrier === UNASSIGNED) {
    and.push({
      movements: {
        none: { OR: [{ driverId: { not: null } }, { thirdPartyLogisticsProviderId: { not: null } }] },
      },
    });
  } else if (filters.carrier) {
    and.push({
      movements: {
        some: { OR: [{ driverId: filters.carrier }, { thirdPartyLogisticsProviderId: filters.carrier }] },
      },
    });
  }
  if (filters.q) and.push({ OR: searchClauses(filters.q) });
  return {
    organisationId,
    ...(filters.status.length ? { status: { in: filters.status } } : {}),
    ...(filters.area ? { businessArea: filters.area } : {}),
    ...(filters.method ? { transportMethod: filters.method } : {}),
    ...(filters.origin.length ? { originSiteId: { in: filters.origin } } : {}),
    ...(filters.destination.length ? { destinationSiteId: { in: filters.destination } } : {}),
    ...(filters.readyFrom || filters.readyTo
      ? { readyToCollectFromDate: dateRange(filters.readyFrom, filters.readyTo) }
      : {}),
    ...(filters.dueFrom || filters.dueTo
      ? { deliveryByDate: dateRange(filters.dueFrom, filters.dueTo) }
      : {}),
    ...(and.length ? { AND: and } : {}),
  };
}

/**
 * Part of a VIN (stored upper-case), a VRM (any case; with or without its space), an external id or
 * external vehicle id, or a whole request id.
 */
function searchClauses(q: string): Prisma.MovementRequestWhereInput[] {
  const insensitive = (value: string) => ({ contains: value, mode: "insensitive" as const });
  const clauses: Prisma.MovementRequestWhereInput[] = [
    { id: q.toUpperCase() },
    { vin: { contains: q.toUpperCase() } },
    { vrm: insensitive(q) },
    { externalId: insensitive(q) },
    { externalVehicleId: insensitive(q) },
  ];
  // "AB12CDE" typed for "AB12 CDE": a current-format mark is 4 + 3 characters.
  const compact = q.replace(/\s/g, "");
  if (/^[A-Za-z]{2}[0-9]{2}[A-Za-z]{3}$/.test(compact)) {
    clauses.push({ vrm: { equals: `${compact.slice(0, 4)} ${compact.slice(4)}`, mode: "insensitive" } });
  }
  return clauses;
}

function dateRange(from: string | undefined, to: string | undefined): Prisma.DateTimeFilter {
  return { ...(from ? { gte: fromDateOnly(from) } : {}), ...(to ? { lte: fromDateOnly(to) } : {}) };
}

type Order = Prisma.MovementRequestOrderByWithRelationInput;

/** The sort column's order, then the id in the same direction so that pages never overlap. */
export function boardOrderBy(query: Pick<BoardQuery, "sort" | "dir">): Order[] {
  const sort = query.dir;
  const nullsLast = (field: keyof Order): Order => ({ [field]: { sort, nulls: "last" } });
  const byColumn: Record<BoardSortColumn, Order[]> = {
    vehicle: [nullsLast("vrm"), nullsLast("vin")],
    origin: [{ originSite: { name: sort } }],
    destination: [{ destinationSite: { name: sort } }],
    ready: [{ readyToCollectFromDate: sort }, { readyToCollectFromTimeslot: sort }],
    due: [{ deliveryByDate: sort }, { deliveryByTimeslot: sort }],
    estimatedDelivery: [nullsLast("estimatedDeliveryDate"), nullsLast("estimatedDeliveryTimeslot")],
    status: [{ status: sort }],
    estimatedCost: [nullsLast("estimatedCostCents")],
    cost: [nullsLast("costCents")],
    created: [{ createdAt: sort }],
  };
  return [...byColumn[query.sort], { id: sort }];
}
