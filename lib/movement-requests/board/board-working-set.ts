// The board sorts by any column within a working set, never across the whole history (issue #38 §1,
// docs/performance-scale.md). "Created" is the order of the (organisationId, id) index, so it pages
// through every request. Any other sort reads a set something bounds, then sorts it:
// - the open requests (a status filter of open statuses only, "late" or "at risk"): the partial index
//   of open requests holds them;
// - a search;
// - a ready, deadline or created range of at most SORT_WINDOW_MAX_DAYS;
// - otherwise a created window that the board picks, and says so: the last SORT_WINDOW_DAYS, or the
//   user's longer created range cut to SORT_WINDOW_MAX_DAYS.
// No index per sort column is then needed: every create and status change maintains fewer indexes.
// Pure: the page, the CSV export and the client's notice read the same window.
import { MovementRequestStatus } from "@/lib/generated/prisma/enums";
import type { BoardFilters, BoardQuery } from "@/lib/movement-requests/board/board-query";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

/**
 * The window when nothing else bounds the rows: a week, about 9,600 requests of the largest group at
 * 1 M, read and sorted in a few milliseconds.
 */
export const SORT_WINDOW_DAYS = 7;
/** The longest range a sort reads: a month, about 42,000 requests (a quarter took twice the target). */
export const SORT_WINDOW_MAX_DAYS = 31;

const DAY_MS = 86_400_000;
/** The statuses of a request not yet delivered, cancelled or aborted. */
export const OPEN_STATUSES = Object.values(MovementRequestStatus).filter(
  (status) => !TERMINAL_STATUSES.includes(status),
);
const OPEN = new Set<string>(OPEN_STATUSES);

/** The created window the board applied, and why: none picked ("default"), or the user's cut ("narrowed"). */
export type BoardWindow = { createdFrom: string; createdTo: string; reason: "default" | "narrowed" };

/** The query the board reads, with the created window it applied (null: the rows were bounded already). */
export function withWorkingSet(
  query: BoardQuery,
  today: string,
): { query: BoardQuery; window: BoardWindow | null } {
  if (query.sort === "created" || isBounded(query, today)) return { query, window: null };
  const window = createdWindow(query, today);
  return { query: { ...query, createdFrom: window.createdFrom, createdTo: window.createdTo }, window };
}

/** Whether the filters bound the rows to a working set (the SQL then reads that set, then sorts it). */
export function isBounded(filters: BoardFilters, today: string): boolean {
  if (filters.q || filters.late || filters.atRisk) return true;
  if (filters.status.length && filters.status.every((status) => OPEN.has(status))) return true;
  const short = (from?: string, to?: string) =>
    Boolean(from && to && daysBetween(from, to) <= SORT_WINDOW_MAX_DAYS);
  return (
    short(filters.readyFrom, filters.readyTo) ||
    short(filters.dueFrom, filters.dueTo) ||
    short(filters.createdFrom, filters.createdTo ?? (filters.createdFrom ? today : undefined))
  );
}

function createdWindow(filters: BoardFilters, today: string): BoardWindow {
  const { createdFrom, createdTo } = filters;
  if (createdFrom && !createdTo) {
    return { createdFrom, createdTo: addDays(createdFrom, SORT_WINDOW_MAX_DAYS - 1), reason: "narrowed" };
  }
  if (createdTo) {
    return { createdFrom: addDays(createdTo, 1 - SORT_WINDOW_MAX_DAYS), createdTo, reason: "narrowed" };
  }
  return { createdFrom: addDays(today, 1 - SORT_WINDOW_DAYS), createdTo: today, reason: "default" };
}

/** Days from `from` to `to`, both counted ("2026-11-01" to "2026-11-01" is 1). */
function daysBetween(from: string, to: string): number {
  return (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}
