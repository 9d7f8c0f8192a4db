import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { WorkItemState } from "@/lib/generated/prisma/enums";
import {
  CLOSED_WORK_ITEM_STATES,
  ESTIMATE_EDITABLE_STATES,
  isOpenWorkItem,
  requirementsToEnter,
  waitingForOf,
  workItemActionBetween,
  workItemActionOrThrow,
  workItemTargets,
  workItemTransitionsMermaid,
  WORK_ITEM_STATES,
  WORK_ITEM_TRANSITIONS,
  type WorkItemAction,
} from "@/lib/recon/work-item-transitions";

type State = WorkItemState;

// The lifecycle of issue 37, written out by hand: every allowed (from → to) and the rule that makes it.
const ALLOWED: [State, State, WorkItemAction][] = [
  ["PROPOSED", "AWAITING_APPROVAL", "submit"],
  ["AWAITING_APPROVAL", "APPROVED", "approve"],
  ["AWAITING_APPROVAL", "DECLINED", "decline"],
  ["APPROVED", "IN_PROGRESS", "start"],
  ["WAITING_PARTS", "IN_PROGRESS", "start"],
  ["WAITING_SUBLET", "IN_PROGRESS", "start"],
  ["APPROVED", "WAITING_PARTS", "waitForParts"],
  ["IN_PROGRESS", "WAITING_PARTS", "waitForParts"],
  ["APPROVED", "WAITING_SUBLET", "sendToSublet"],
  ["IN_PROGRESS", "WAITING_SUBLET", "sendToSublet"],
  ["IN_PROGRESS", "DONE", "finish"],
];

const STATES = Object.values(WorkItemState);
const PAIRS = STATES.flatMap((from) => STATES.map((to) => [from, to] as const));
const allowed = (from: State, to: State) => ALLOWED.find(([f, t]) => f === from && t === to);

describe("the work-item transition table", () => {
  it("lists every state once, in workflow order", () => {
    expect([...WORK_ITEM_STATES].sort()).toEqual([...STATES].sort());
  });

  it.each(PAIRS.map(([from, to]) => [from, to, allowed(from, to)?.[2]] as const))(
    "%s → %s: %s",
    (from, to, action) => {
      expect(workItemActionBetween(from, to)).toBe(action);
      if (action) {
        expect(workItemActionOrThrow(from, to)).toBe(action);
        return;
      }
      let thrown: unknown;
      try {
        workItemActionOrThrow(from, to);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe("INVALID_STATUS_TRANSITION");
    },
  );

  it("gives each (from, to) pair to at most one rule", () => {
    for (const [from, to] of PAIRS) {
      const rules = Object.values(WORK_ITEM_TRANSITIONS).filter(
        (rule) => rule.to === to && (rule.from as readonly State[]).includes(from),
      );
      expect(rules.length, `${from} → ${to}`).toBeLessThanOrEqual(1);
    }
  });

  it("closes DONE and DECLINED only; everything else is open", () => {
    expect([...CLOSED_WORK_ITEM_STATES].sort()).toEqual(["DECLINED", "DONE"]);
    expect(STATES.filter(isOpenWorkItem).sort()).toEqual(
      STATES.filter((state) => state !== "DONE" && state !== "DECLINED").sort(),
    );
    expect(workItemTargets("DONE")).toEqual([]);
  });

  it("asks the approval right to decide, a date to wait for parts and the actual cost to finish", () => {
    expect([...requirementsToEnter("APPROVED")]).toEqual(["approvalRight"]);
    expect([...requirementsToEnter("DECLINED")]).toEqual(["approvalRight"]);
    expect([...requirementsToEnter("WAITING_PARTS")]).toEqual(["partsExpectedOn"]);
    expect([...requirementsToEnter("DONE")]).toEqual(["actualCost"]);
    expect([...requirementsToEnter("IN_PROGRESS")]).toEqual([]);
    expect([...requirementsToEnter("AWAITING_APPROVAL")]).toEqual([]);
  });

  it("lets the estimate change until it is decided, and names what waiting states wait for", () => {
    expect(ESTIMATE_EDITABLE_STATES).toEqual(["PROPOSED", "AWAITING_APPROVAL"]);
    expect(waitingForOf("AWAITING_APPROVAL")).toBe("APPROVAL");
    expect(waitingForOf("WAITING_PARTS")).toBe("PARTS");
    expect(waitingForOf("WAITING_SUBLET")).toBe("SUBLET");
    expect(waitingForOf("IN_PROGRESS")).toBeNull();
  });
});

describe("docs/recon.md", () => {
  it("embeds the diagram generated from the table", () => {
    const doc = readFileSync("docs/recon.md", "utf8");
    expect(doc).toContain("```mermaid\n" + workItemTransitionsMermaid() + "\n```");
  });
});
