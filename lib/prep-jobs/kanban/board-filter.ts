// The kanban's filters, applied in the browser to the cards it holds: the search text (VIN, VRM, make,
// model; the server runs the same search over every job, see getKanbanBoard), one substage, one
// ageing level, what the work items wait for. Pure and client-safe. While a filter is on, a group
// counts the cards it shows.
import type { PrepJobSubstage as Substage } from "@/lib/generated/prisma/enums";
import type { AgeingLevel } from "@/lib/prep-jobs/kanban/ageing";
import type { KanbanBoard, KanbanCard } from "@/lib/prep-jobs/kanban/board";
import type { WaitingFor } from "@/lib/recon/work-item-transitions";

export type KanbanFilter = {
  search: string;
  /** "all", a substage, or "none" (the stages without substages). */
  substage: Substage | "none" | "all";
  ageing: AgeingLevel | "all";
  /** "all", or the jobs whose work items wait for an approval, parts or a sublet vendor. */
  waiting: WaitingFor | "all";
};

export const NO_FILTER: KanbanFilter = { search: "", substage: "all", ageing: "all", waiting: "all" };

export function isFiltering(filter: KanbanFilter): boolean {
  return (
    filter.search.trim() !== "" ||
    filter.substage !== "all" ||
    filter.ageing !== "all" ||
    filter.waiting !== "all"
  );
}

export function matchesSearch(
  card: Pick<KanbanCard, "vin" | "vrm" | "make" | "model">,
  search: string,
): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  const compact = text.replace(/\s+/g, "");
  return (
    card.vin.toLowerCase().includes(compact) ||
    [card.vrm, card.make, card.model].some((value) => value?.toLowerCase().includes(text))
  );
}

function matches(card: KanbanCard, filter: KanbanFilter): boolean {
  if (filter.substage !== "all" && (card.substage ?? "none") !== filter.substage) return false;
  if (filter.ageing !== "all" && card.ageing !== filter.ageing) return false;
  if (filter.waiting !== "all" && card.recon?.waitingFor !== filter.waiting) return false;
  return matchesSearch(card, filter.search);
}

export function filterBoard(board: KanbanBoard, filter: KanbanFilter): KanbanBoard {
  if (!isFiltering(filter)) return board;
  const columns = board.columns.map((column) => {
    const groups = column.groups
      .filter((group) => filter.substage === "all" || (group.substage ?? "none") === filter.substage)
      .map((group) => {
        const cards = group.cards.filter((card) => matches(card, filter));
        return { ...group, cards, count: cards.length };
      });
    return { ...column, groups, count: groups.reduce((sum, group) => sum + group.count, 0) };
  });
  return { ...board, columns, total: columns.reduce((sum, column) => sum + column.count, 0) };
}
