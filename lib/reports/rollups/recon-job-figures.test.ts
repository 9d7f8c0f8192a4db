import { describe, expect, it } from "vitest";
import type { WorkingSchedule } from "@/lib/prep-jobs/kanban/working-hours";
import {
  approvalDecisions,
  causeOf,
  waitSplit,
  type ReconChange,
} from "@/lib/reports/rollups/recon-job-figures";
import type { WorkItemState } from "@/lib/generated/prisma/enums";

const weekdays = { open: "08:00", close: "18:00" };
/** Mon–Fri 08:00–18:00, London. */
const workshop: WorkingSchedule = {
  timeZone: "Europe/London",
  openingHours: { mon: [weekdays], tue: [weekdays], wed: [weekdays], thu: [weekdays], fri: [weekdays] },
  closedDays: [],
};
const at = (iso: string) => new Date(iso);
let sequence = 0;
const change = (item: string, iso: string, from: WorkItemState | null, to: WorkItemState, actor = "user:a") =>
  ({
    id: String(++sequence).padStart(4, "0"),
    workItemId: item,
    fromState: from,
    toState: to,
    actor,
    at: at(iso),
  }) satisfies ReconChange;

describe("recon figures", () => {
  it("give a moment to work before any wait, then approval, parts, sublet; else idle", () => {
    expect(causeOf(["WAITING_PARTS", "IN_PROGRESS"])).toBe("work");
    expect(causeOf(["WAITING_SUBLET", "AWAITING_APPROVAL", "WAITING_PARTS"])).toBe("approval");
    expect(causeOf(["WAITING_SUBLET", "WAITING_PARTS"])).toBe("parts");
    expect(causeOf(["WAITING_SUBLET", "DONE"])).toBe("sublet");
    expect(causeOf(["PROPOSED", "APPROVED", "DONE", "DECLINED"])).toBe("idle");
    expect(causeOf([])).toBe("idle");
  });

  it("count a wait over a weekend in the site's working hours", () => {
    // Friday 13 Nov 2026 16:00 → Monday 16 Nov 10:00 (GMT): 2 h on Friday, 2 h on Monday.
    const changes = [
      change("a", "2026-11-13T15:00:00Z", null, "PROPOSED"),
      change("a", "2026-11-13T16:00:00Z", "PROPOSED", "AWAITING_APPROVAL"),
      change("a", "2026-11-16T10:00:00Z", "AWAITING_APPROVAL", "APPROVED", "user:manager"),
      change("a", "2026-11-16T11:00:00Z", "APPROVED", "WAITING_SUBLET"),
      change("a", "2026-11-16T15:00:00Z", "WAITING_SUBLET", "IN_PROGRESS"),
      change("a", "2026-11-16T16:00:00Z", "IN_PROGRESS", "DONE"),
    ];
    const window = { start: at("2026-11-13T14:00:00Z"), end: at("2026-11-16T17:00:00Z") };
    expect(waitSplit(window, changes, workshop)).toEqual({
      idleSeconds: (2 + 1 + 1) * 3600,
      approvalSeconds: 4 * 3600,
      subletSeconds: 4 * 3600,
      workSeconds: 3600,
      partsSeconds: 0,
    });
    expect(waitSplit(window, changes, undefined).approvalSeconds).toBe(66 * 3600);
    expect(approvalDecisions(changes, workshop)).toEqual([
      {
        stateChangeId: changes[2]!.id,
        approver: "user:manager",
        decidedAt: changes[2]!.at,
        approved: true,
        waitedSeconds: 4 * 3600,
      },
    ]);
  });

  it("take the states items held before the window, and nothing after it", () => {
    const changes = [
      change("a", "2026-11-16T08:00:00Z", null, "PROPOSED"),
      change("a", "2026-11-16T08:30:00Z", "PROPOSED", "AWAITING_APPROVAL"),
      change("a", "2026-11-16T12:00:00Z", "AWAITING_APPROVAL", "APPROVED"),
      change("a", "2026-11-16T12:30:00Z", "APPROVED", "IN_PROGRESS"),
    ];
    const window = { start: at("2026-11-16T09:00:00Z"), end: at("2026-11-16T12:30:00Z") };
    expect(waitSplit(window, changes, undefined)).toMatchObject({
      approvalSeconds: 3 * 3600,
      idleSeconds: 1800,
      workSeconds: 0,
    });
  });

  it("leave out the threshold's approvals and a decision with no request before it", () => {
    const changes = [
      change("a", "2026-11-16T09:00:00Z", "PROPOSED", "AWAITING_APPROVAL"),
      change("a", "2026-11-16T09:00:00Z", "AWAITING_APPROVAL", "APPROVED", "system:auto-approve"),
      change("b", "2026-11-16T10:00:00Z", "AWAITING_APPROVAL", "DECLINED", "user:manager"),
    ];
    expect(approvalDecisions(changes, undefined)).toEqual([]);
  });
});
