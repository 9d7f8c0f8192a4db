// The drawer's words for work items: categories, states, estimate lines, the buttons of each move, and
// money in the item's currency (minor units in, major units shown and typed).
import type { EstimateLineKind, ReconCategory, WorkItemState } from "@/lib/generated/prisma/enums";

export const CATEGORY_LABEL: Record<ReconCategory, string> = {
  MECHANICAL: "Mechanical",
  BODY: "Body",
  PAINT: "Paint",
  TYRES: "Tyres",
  GLASS: "Glass",
  VALET: "Valet",
  INSPECTION: "Inspection",
  PHOTOS: "Photos",
  SUBLET: "Sublet",
  OTHER: "Other",
};

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

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(currency: string): Intl.NumberFormat {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-GB", { style: "currency", currency });
    formatters.set(currency, format);
  }
  return format;
}

/** The currency's minor-unit digits (2 for GBP, 0 for JPY). */
const digitsOf = (currency: string) => formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;

export function formatMinor(minor: number, currency: string): string {
  return formatter(currency).format(minor / 10 ** digitsOf(currency));
}

/** "£" for GBP: the form's labels. */
export function currencySymbol(currency: string): string {
  return (
    formatter(currency)
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

/** A typed amount in major units ("12.50") in minor units, or undefined when it is not one. */
export function toMinor(typed: string, currency: string): number | undefined {
  const digits = digitsOf(currency);
  const trimmed = typed.trim().replace(/,/g, "");
  if (!new RegExp(`^\\d+(\\.\\d{0,${digits}})?$`).test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 10 ** digits);
}

/** Typed hours ("1.5"), or undefined when they are not a number. */
export function toHours(typed: string): number | undefined {
  const trimmed = typed.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}
