// One prep job's recon figures for the reports, from its work items and their state history: the cost
// per category and currency, the time from arrival to the frontline split by what it waited for, and
// each approver's decision with how long the item had waited for it. Pure: the roll-up pass
// (recon-rollup.ts) reads the rows and writes these.
import type { BusinessArea, ReconCategory, WorkItemState } from "@/lib/generated/prisma/enums";
import { workingMsBetween, type WorkingSchedule } from "@/lib/prep-jobs/kanban/working-hours";
import { AUTO_APPROVER } from "@/lib/recon/recon-actor";
import type { WaitCause } from "@/lib/reports/report-rows";

export type ReconJob = {
  id: string;
  organisationId: string;
  prepSiteId: string;
  businessArea: BusinessArea;
  make: string | null;
  model: string | null;
  /** The first entry into ARRIVED, else the job's creation. */
  arrivedAt: Date;
  /** The latest entry into OUTBOUND; null while the job has not reached the frontline. */
  frontlineAt: Date | null;
};
export type ReconItem = {
  id: string;
  category: ReconCategory;
  currency: string;
  state: WorkItemState;
  estimatedCents: number;
  actualCents: number | null;
};
export type ReconChange = {
  id: string;
  workItemId: string;
  fromState: WorkItemState | null;
  toState: WorkItemState;
  actor: string;
  at: Date;
};

/**
 * What a vehicle is doing while its items are in these states. Work going on beats waiting (the
 * vehicle is not standing); then an approval, parts, a sublet vendor; else it is idle: items proposed
 * but not sent, approved but not started, or none open.
 */
export function causeOf(states: Iterable<WorkItemState>): WaitCause {
  const open = new Set(states);
  if (open.has("IN_PROGRESS")) return "work";
  if (open.has("AWAITING_APPROVAL")) return "approval";
  if (open.has("WAITING_PARTS")) return "parts";
  if (open.has("WAITING_SUBLET")) return "sublet";
  return "idle";
}

export type CostRow = {
  prepJobId: string;
  category: ReconCategory;
  currency: string;
  /** 1 on the job's first row in its currency, else 0. */
  vehicle: number;
  items: number;
  declined: number;
  done: number;
  estimatedCents: number;
  declinedCents: number;
  doneEstimatedCents: number;
  actualCents: number;
};
export type WaitSplit = Record<`${WaitCause}Seconds`, number>;
export type ApprovalDecision = {
  stateChangeId: string;
  approver: string;
  decidedAt: Date;
  approved: boolean;
  waitedSeconds: number;
};

/** Seconds between two instants: the site's working time where it has a schedule, else elapsed. */
export function secondsBetween(start: Date, end: Date, schedule: WorkingSchedule | undefined): number {
  if (end <= start) return 0;
  const ms = schedule ? workingMsBetween(start, end, schedule) : end.getTime() - start.getTime();
  return Math.round(ms / 1000);
}

export function costRows(job: ReconJob, items: ReconItem[]): CostRow[] {
  const rows = new Map<string, CostRow>();
  for (const item of items) {
    const key = `${item.category}:${item.currency}`;
    const row = rows.get(key) ?? {
      prepJobId: job.id,
      category: item.category,
      currency: item.currency,
      vehicle: [...rows.values()].some((row) => row.currency === item.currency) ? 0 : 1,
      items: 0,
      declined: 0,
      done: 0,
      estimatedCents: 0,
      declinedCents: 0,
      doneEstimatedCents: 0,
      actualCents: 0,
    };
    row.items += 1;
    if (item.state === "DECLINED") {
      row.declined += 1;
      row.declinedCents += item.estimatedCents;
    } else row.estimatedCents += item.estimatedCents;
    if (item.state === "DONE") {
      row.done += 1;
      row.doneEstimatedCents += item.estimatedCents;
      row.actualCents += item.actualCents ?? 0;
    }
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** The window [arrivedAt, frontlineAt) cut at every state change, each piece given to its cause. */
export function waitSplit(
  window: { start: Date; end: Date },
  changes: ReconChange[],
  schedule: WorkingSchedule | undefined,
): WaitSplit {
  const split: WaitSplit = {
    approvalSeconds: 0,
    partsSeconds: 0,
    subletSeconds: 0,
    workSeconds: 0,
    idleSeconds: 0,
  };
  const ordered = [...changes].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
  const states = new Map<string, WorkItemState>();
  let from = window.start;
  const close = (until: Date) => {
    if (until <= from) return;
    split[`${causeOf(states.values())}Seconds`] += secondsBetween(from, until, schedule);
    from = until;
  };
  for (const change of ordered) {
    if (change.at >= window.end) break;
    if (change.at > window.start) close(change.at);
    states.set(change.workItemId, change.toState);
  }
  close(window.end);
  return split;
}

/** Each decision an approver made (the threshold's aside) and its wait since the item was sent. */
export function approvalDecisions(
  changes: ReconChange[],
  schedule: WorkingSchedule | undefined,
): ApprovalDecision[] {
  const ordered = [...changes].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
  const sentAt = new Map<string, Date>();
  const decisions: ApprovalDecision[] = [];
  for (const change of ordered) {
    if (change.toState === "AWAITING_APPROVAL") sentAt.set(change.workItemId, change.at);
    const decided = change.toState === "APPROVED" || change.toState === "DECLINED";
    const sent = sentAt.get(change.workItemId);
    if (!decided || change.fromState !== "AWAITING_APPROVAL" || change.actor === AUTO_APPROVER || !sent)
      continue;
    decisions.push({
      stateChangeId: change.id,
      approver: change.actor,
      decidedAt: change.at,
      approved: change.toState === "APPROVED",
      waitedSeconds: secondsBetween(sent, change.at, schedule),
    });
  }
  return decisions;
}
