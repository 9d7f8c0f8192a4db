// The drawer's words for work items: categories, states, estimate lines, the buttons of each move, and
// money in the item's currency (minor units in, major units shown and typed).
import type { EstimateLineKind, WorkItemState } from "@/lib/generated/prisma/enums";

export { CATEGORY_LABEL } from "@/lib/recon/category-labels";

export const STATE_LABEL: Record<WorkItemState, string> = {
  PROPOSED: "Proposed",
  AWAITING_APPROVAL: "Awaiting approval",
  APPROVED: "Approved",
  DECLINED: "Declined",
  IN_PROGRESS: "In progress",
  WAITING_PARTS: "Waiting parts",
  WAITING_SUBLET: "At sublet",
  DONE: "Done",
};

export const LINE_KIND_LABEL: Record<EstimateLineKind, string> = {
  PARTS: "Parts",
  LABOUR: "Labour",
  SUBLET: "Sublet",
};

/** The button that moves an item into each state. */
export const MOVE_LABEL: Record<WorkItemState, string> = {
  PROPOSED: "Propose",
  AWAITING_APPROVAL: "Send for approval",
  APPROVED: "Approve",
  DECLINED: "Decline",
  IN_PROGRESS: "Start",
  WAITING_PARTS: "Waiting parts",
  WAITING_SUBLET: "At sublet",
  DONE: "Finish",
};

/** Typed hours ("1.5"), or undefined when they are not a number. */
export function toHours(typed: string): number | undefined {
  const trimmed = typed.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}
