// The board's filters and sort as Prisma clauses, shared by the page query and the CSV export so that
// an export always holds exactly the rows of the view it was started from.
import { fromDateOnly } from "@/lib/dates";
import type { Prisma } from "@/lib/generated/prisma/client";
import { UNASSIGNED, type BoardFilters } from "@/lib/movement-requests/board/board-query";
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
 * external vehicle id, or a whole request id. Each "contains" is a LIKE / ILIKE '%q%' that the
 * trigram indexes serve (pg_trgm; docs/performance-scale.md).
 */
function searchClauses(q: string): Prisma.MovementRequestWhereInput[] {
  const insensitive = (value: string) => ({ contains: value, mode: "insensitive" as const });
  return [
    { id: q.toUpperCase() },
    { vin: { contains: q.toUpperCase() } },
    ...vrmSpellings(q).map((spelling) => ({ vrm: insensitive(spelling) })),
    { externalId: insensitive(q) },
    { externalVehicleId: insensitive(q) },
  ];
}

/** A VRM holds at most one space: "AB12CDE" or "AB1 2CDE" typed for "AB12 CDE" finds it, and the reverse. */
const VRM_MAX_LENGTH = 8;

export function vrmSpellings(q: string): string[] {
  const compact = q.replace(/\s/g, "");
  if (compact.length > VRM_MAX_LENGTH || !/^[0-9A-Za-z]+$/.test(compact)) return [q];
  const spaced = Array.from(
    { length: compact.length - 1 },
    (_, at) => `${compact.slice(0, at + 1)} ${compact.slice(at + 1)}`,
  );
  return [...new Set([q, compact, ...spaced])];
}

function dateRange(from: string | undefined, to: string | undefined): Prisma.DateTimeFilter {
  return { ...(from ? { gte: fromDateOnly(from) } : {}), ...(to ? { lte: fromDateOnly(to) } : {}) };
}
