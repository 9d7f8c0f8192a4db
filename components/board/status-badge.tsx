// A movement request's status as people read it, colour-coded by what it asks of a dispatcher:
// amber needs planning, sky waits for a carrier, violet is planned or accepted, blue is on the road,
// green delivered, red stopped, grey cancelled. The words always say it too (never colour alone).
import { cn } from "@/components/ui/cn";
import type { MovementRequestStatus } from "@/lib/generated/prisma/enums";
import type { BoardRow } from "@/lib/movement-requests/board/board-row";
import { BOARD_STATUS_LABEL } from "@/lib/movement-requests/board/board-status-labels";
import { daysFrom } from "./format";

type Tone = "amber" | "sky" | "violet" | "blue" | "green" | "red" | "grey";

export const STATUS_TONE: Record<MovementRequestStatus, Tone> = {
  CREATED: "amber",
  ACCEPTED: "amber",
  SENT_TO_DRIVER: "sky",
  SENT_TO_MULTIPLE_DRIVERS: "sky",
  SENT_TO_3PL: "sky",
  SENT_TO_MARKETPLACE: "sky",
  ACCEPTED_SENT_TO_DRIVER: "violet",
  ACCEPTED_SENT_TO_3PL: "violet",
  ACCEPTED_SENT_TO_MARKETPLACE: "violet",
  PARTIALLY_PLANNED: "violet",
  PLANNED: "violet",
  IN_PROGRESS: "blue",
  DELIVERED: "green",
  ABORTED: "red",
  CANCELLED: "grey",
};

const TONE_CLASSES: Record<Tone, { badge: string; dot: string }> = {
  amber: { badge: "bg-amber-50 text-amber-900 ring-amber-300", dot: "bg-amber-500" },
  sky: { badge: "bg-sky-50 text-sky-900 ring-sky-200", dot: "bg-sky-500" },
  violet: { badge: "bg-violet-50 text-violet-900 ring-violet-200", dot: "bg-violet-600" },
  blue: { badge: "bg-blue-600 text-white ring-blue-700", dot: "bg-white" },
  green: { badge: "bg-emerald-50 text-emerald-800 ring-emerald-200", dot: "bg-emerald-600" },
  red: { badge: "bg-red-50 text-red-800 ring-red-200", dot: "bg-red-600" },
  grey: { badge: "bg-slate-100 text-slate-600 ring-slate-300", dot: "bg-slate-400" },
};

export function StatusBadge({ status, className }: { status: MovementRequestStatus; className?: string }) {
  const tone = TONE_CLASSES[STATUS_TONE[status]];
  return (
    <span
      title={status}
      className={cn(
        "inline-flex max-w-full items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        tone.badge,
        className,
      )}
    >
      <span aria-hidden="true" className={cn("size-1.5 shrink-0 rounded-full", tone.dot)} />
      <span className="truncate">{BOARD_STATUS_LABEL[status]}</span>
    </span>
  );
}

/** Past its deadline and not finished: "Late 2d" (days past the deadline). */
export function LateBadge({ days }: { days?: number }) {
  return (
    <span className="inline-flex items-center rounded bg-red-50 px-1 text-[0.6875rem] leading-4 font-semibold text-red-800 ring-1 ring-red-300 ring-inset">
      Late{days && days > 0 ? ` ${days}d` : ""}
    </span>
  );
}

/** Not late yet, but the worker expects it to arrive after its deadline (docs/at-risk.md). */
export function AtRiskBadge() {
  return (
    <span
      title="Expected to arrive after its deadline"
      className="inline-flex items-center rounded bg-amber-50 px-1 text-[0.6875rem] leading-4 font-semibold text-amber-900 ring-1 ring-amber-400 ring-inset"
    >
      At risk
    </span>
  );
}

/** Late (with the days past the deadline), else at risk, else nothing. */
export function DeadlineBadge({
  row,
  today,
}: {
  row: Pick<BoardRow, "isLate" | "atRisk" | "dueDate">;
  today: string;
}) {
  if (row.isLate) return <LateBadge days={-daysFrom(today, row.dueDate)} />;
  return row.atRisk ? <AtRiskBadge /> : null;
}
