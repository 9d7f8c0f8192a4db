// The work-item lifecycle (issue 37): one table of every move a reconditioning work item can make.
// The API takes the target state (`{"to": STATE}`), so each (from, to) pair belongs to one rule; a
// pair no rule has is 409 INVALID_STATUS_TRANSITION. docs/recon.md draws the table (a test keeps the
// drawing in step). Pure: safe in client components.
import { AppError } from "@/lib/errors/app-error";
import { WorkItemState, type WorkItemState as State } from "@/lib/generated/prisma/enums";
import { everyValueOf } from "@/lib/schemas/enum-values";

/** The states in workflow order (lists, filters, the diagram). */
export const WORK_ITEM_STATES = everyValueOf(WorkItemState, [
  "PROPOSED",
  "AWAITING_APPROVAL",
  "APPROVED",
  "DECLINED",
  "IN_PROGRESS",
  "WAITING_PARTS",
  "WAITING_SUBLET",
  "DONE",
]);

/** What a move needs beyond the target state: the approval right, the parts' date, the actual cost. */
type Requirement = "approvalRight" | "partsExpectedOn" | "actualCost";

type Rule = { from: readonly State[]; to: State; requires: readonly Requirement[] };

export const WORK_ITEM_TRANSITIONS = {
  /** The estimate goes to the approvers; under the site's auto-approve threshold it is approved at once. */
  submit: { from: ["PROPOSED"], to: "AWAITING_APPROVAL", requires: [] },
  approve: { from: ["AWAITING_APPROVAL"], to: "APPROVED", requires: ["approvalRight"] },
  decline: { from: ["AWAITING_APPROVAL"], to: "DECLINED", requires: ["approvalRight"] },
  /** Work starts, or resumes once the parts are in or the sublet vendor is done. */
  start: { from: ["APPROVED", "WAITING_PARTS", "WAITING_SUBLET"], to: "IN_PROGRESS", requires: [] },
  waitForParts: { from: ["APPROVED", "IN_PROGRESS"], to: "WAITING_PARTS", requires: ["partsExpectedOn"] },
  sendToSublet: { from: ["APPROVED", "IN_PROGRESS"], to: "WAITING_SUBLET", requires: [] },
  finish: { from: ["IN_PROGRESS"], to: "DONE", requires: ["actualCost"] },
} as const satisfies Record<string, Rule>;

export type WorkItemAction = keyof typeof WORK_ITEM_TRANSITIONS;

/** Where a new item starts. */
export const WORK_ITEM_INITIAL_STATE: State = "PROPOSED";

const RULES = WORK_ITEM_TRANSITIONS as Record<WorkItemAction, Rule>;
const ACTIONS = Object.keys(RULES) as WorkItemAction[];

/** The rule that moves an item from `from` to `to`, if the table has one. */
export function workItemActionBetween(from: State, to: State): WorkItemAction | undefined {
  return ACTIONS.find((action) => RULES[action].to === to && RULES[action].from.includes(from));
}

/** The rule from `from` to `to`, or 409 INVALID_STATUS_TRANSITION. */
export function workItemActionOrThrow(from: State, to: State): WorkItemAction {
  const action = workItemActionBetween(from, to);
  if (!action) {
    throw new AppError("INVALID_STATUS_TRANSITION", `A work item that is ${from} cannot become ${to}.`);
  }
  return action;
}

export function requirementsOf(action: WorkItemAction): readonly Requirement[] {
  return RULES[action].requires;
}

/** What entering `to` needs, by any rule (the request body's checks). */
export function requirementsToEnter(to: State): ReadonlySet<Requirement> {
  return new Set(
    ACTIONS.filter((action) => RULES[action].to === to).flatMap((action) => RULES[action].requires),
  );
}

/** The states an item may move to from `from` (a drawer's buttons). */
export function workItemTargets(from: State): State[] {
  return ACTIONS.filter((action) => RULES[action].from.includes(from)).map((action) => RULES[action].to);
}

/** Closed states have no way out: the work is done or will not be done. */
export const CLOSED_WORK_ITEM_STATES: readonly State[] = WORK_ITEM_STATES.filter(
  (state) => workItemTargets(state).length === 0,
);

export function isOpenWorkItem(state: State): boolean {
  return !CLOSED_WORK_ITEM_STATES.includes(state);
}

/** Its estimate may still change until it is approved or declined (an approval is of what it saw). */
export const ESTIMATE_EDITABLE_STATES: readonly State[] = [
  WORK_ITEM_INITIAL_STATE,
  ...WORK_ITEM_TRANSITIONS.approve.from,
];

/** What an item in these states waits for (the reports split waiting time by it, cards show it). */
export const WAITING_FOR = {
  AWAITING_APPROVAL: "APPROVAL",
  WAITING_PARTS: "PARTS",
  WAITING_SUBLET: "SUBLET",
} as const satisfies Partial<Record<State, string>>;
export type WaitingFor = (typeof WAITING_FOR)[keyof typeof WAITING_FOR];
/** When a job's items wait for several things, the one it names: an approval holds everything up. */
export const WAITING_FOR_ORDER: readonly WaitingFor[] = ["APPROVAL", "PARTS", "SUBLET"];

export function waitingForOf(state: State): WaitingFor | null {
  return (WAITING_FOR as Partial<Record<State, WaitingFor>>)[state] ?? null;
}

/** The table as a Mermaid state diagram (docs/recon.md embeds it). */
export function workItemTransitionsMermaid(): string {
  const lines = ["stateDiagram-v2", `  [*] --> ${WORK_ITEM_INITIAL_STATE}: create`];
  for (const action of ACTIONS) {
    const rule = RULES[action];
    const needs = rule.requires.length > 0 ? ` (${rule.requires.join(", ")})` : "";
    for (const from of rule.from) lines.push(`  ${from} --> ${rule.to}: ${action}${needs}`);
  }
  for (const state of CLOSED_WORK_ITEM_STATES) lines.push(`  ${state} --> [*]`);
  return lines.join("\n");
}
