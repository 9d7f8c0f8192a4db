import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import { PrepJobStage, PrepJobSubstage } from "@/lib/generated/prisma/enums";
import {
  applyRule,
  canApply,
  describePosition,
  isFinished,
  manualMoveBetween,
  manualTargets,
  PREP_JOB_CREATED_AT,
  PREP_JOB_FINISHED,
  PREP_JOB_RULES,
  stageRulesMermaid,
  type PrepJobPosition,
  type PrepJobTrigger,
} from "@/lib/prep-job-stages/stage-rules";

const STAGES = Object.values(PrepJobStage);
const SUBSTAGES = [null, ...Object.values(PrepJobSubstage)];
/** Every stage with every substage (and none): 16 positions, the possible and the odd. */
const ALL_POSITIONS: PrepJobPosition[] = STAGES.flatMap((stage) =>
  SUBSTAGES.map((substage) => ({ stage, substage })),
);
const TRIGGERS = Object.keys(PREP_JOB_RULES) as PrepJobTrigger[];

const p = (stage: PrepJobStage, substage: PrepJobSubstage | null = null): PrepJobPosition => ({
  stage,
  substage,
});
const anySubstageOf = (stage: PrepJobStage) => SUBSTAGES.map((substage) => p(stage, substage));

// The rules table written out by hand: where each rule may start, and where it leads.
const EXPECTED: Record<PrepJobTrigger, { from: PrepJobPosition[]; to: PrepJobPosition; manual: boolean }> = {
  markAppraised: { from: ALL_POSITIONS, to: p("APPRAISED"), manual: false },
  awaitOutboundMovement: {
    from: ALL_POSITIONS,
    to: p("OUTBOUND", "PENDING_MOVEMENT_REQUEST"),
    manual: false,
  },
  inboundMovementCreated: {
    from: [p("INBOUND", "PENDING_MOVEMENT_REQUEST"), p("INBOUND")],
    to: p("INBOUND", "SCHEDULED"),
    manual: false,
  },
  inboundMovementDelivered: {
    from: [p("INBOUND", "SCHEDULED")],
    to: p("INBOUND", "DELIVERED"),
    manual: false,
  },
  outboundMovementCreated: {
    from: [
      ...anySubstageOf("ARRIVED"),
      ...anySubstageOf("APPRAISED"),
      p("OUTBOUND", "PENDING_MOVEMENT_REQUEST"),
    ],
    to: p("OUTBOUND", "SCHEDULED"),
    manual: false,
  },
  outboundMovementDelivered: {
    from: [p("OUTBOUND", "SCHEDULED")],
    to: p("OUTBOUND", "DELIVERED"),
    manual: false,
  },
  inboundMovementCalledOff: {
    from: [p("INBOUND", "SCHEDULED")],
    to: p("INBOUND", "PENDING_MOVEMENT_REQUEST"),
    manual: false,
  },
  outboundMovementCalledOff: {
    from: [p("OUTBOUND", "SCHEDULED")],
    to: p("OUTBOUND", "PENDING_MOVEMENT_REQUEST"),
    manual: false,
  },
  checkIn: {
    from: [p("INBOUND", "SCHEDULED"), p("INBOUND", "DELIVERED"), p("INBOUND")],
    to: p("ARRIVED"),
    manual: true,
  },
  appraise: { from: anySubstageOf("ARRIVED"), to: p("APPRAISED"), manual: true },
  undoAppraisal: { from: anySubstageOf("APPRAISED"), to: p("ARRIVED"), manual: true },
  finishPreparation: {
    from: anySubstageOf("APPRAISED"),
    to: p("OUTBOUND", "PENDING_MOVEMENT_REQUEST"),
    manual: true,
  },
  reopenPreparation: {
    from: [p("OUTBOUND", "PENDING_MOVEMENT_REQUEST")],
    to: p("APPRAISED"),
    manual: true,
  },
};

const same = (a: PrepJobPosition, b: PrepJobPosition) => a.stage === b.stage && a.substage === b.substage;

describe("the prep-job stage rules table", () => {
  it("has exactly the rules written out here", () => {
    expect(TRIGGERS.sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const trigger of TRIGGERS) {
      expect(PREP_JOB_RULES[trigger].to, trigger).toEqual(EXPECTED[trigger].to);
      expect(PREP_JOB_RULES[trigger].manual, trigger).toBe(EXPECTED[trigger].manual);
    }
  });

  describe.each(TRIGGERS)("%s", (trigger) => {
    const expected = EXPECTED[trigger];
    const allowed = ALL_POSITIONS.filter((position) => expected.from.some((from) => same(from, position)));
    const refused = ALL_POSITIONS.filter((position) => !allowed.includes(position));

    it.each(allowed.map((position) => [describePosition(position), position] as const))(
      "applies from %s",
      (_, position) => {
        expect(canApply(trigger, position)).toBe(true);
        expect(applyRule(trigger, position)).toEqual(expected.to);
      },
    );

    if (refused.length > 0) {
      it.each(refused.map((position) => [describePosition(position), position] as const))(
        "is refused from %s with 409 INVALID_STATUS_TRANSITION",
        (_, position) => {
          expect(canApply(trigger, position)).toBe(false);
          let thrown: unknown;
          try {
            applyRule(trigger, position);
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(AppError);
          expect((thrown as AppError).code).toBe("INVALID_STATUS_TRANSITION");
          expect((thrown as AppError).message).toContain(trigger);
        },
      );
    }
  });

  it("automatic rules are never kanban moves", () => {
    for (const trigger of TRIGGERS.filter((t) => !EXPECTED[t].manual)) {
      for (const from of ALL_POSITIONS) {
        expect(manualMoveBetween(from, EXPECTED[trigger].to)).not.toBe(trigger);
      }
    }
  });
});

describe("manualMoveBetween", () => {
  it.each([
    [p("INBOUND", "SCHEDULED"), p("ARRIVED"), "checkIn"],
    [p("INBOUND", "DELIVERED"), p("ARRIVED"), "checkIn"],
    [p("INBOUND"), p("ARRIVED"), "checkIn"],
    [p("ARRIVED"), p("APPRAISED"), "appraise"],
    [p("APPRAISED"), p("ARRIVED"), "undoAppraisal"],
    [p("APPRAISED"), p("OUTBOUND", "PENDING_MOVEMENT_REQUEST"), "finishPreparation"],
    [p("OUTBOUND", "PENDING_MOVEMENT_REQUEST"), p("APPRAISED"), "reopenPreparation"],
  ] as const)("%o → %o is %s", (from, to, trigger) => {
    expect(manualMoveBetween(from, to)).toBe(trigger);
  });

  it.each([
    // A parked job cannot be checked in: it has no prep site yet.
    [p("INBOUND", "PENDING_MOVEMENT_REQUEST"), p("ARRIVED")],
    [p("INBOUND", "SCHEDULED"), p("APPRAISED")],
    [p("ARRIVED"), p("OUTBOUND", "PENDING_MOVEMENT_REQUEST")],
    [p("ARRIVED"), p("INBOUND", "SCHEDULED")],
    // Movements move jobs in and out of SCHEDULED and DELIVERED, never a hand.
    [p("INBOUND", "PENDING_MOVEMENT_REQUEST"), p("INBOUND", "SCHEDULED")],
    [p("OUTBOUND", "PENDING_MOVEMENT_REQUEST"), p("OUTBOUND", "SCHEDULED")],
    [p("OUTBOUND", "SCHEDULED"), p("OUTBOUND", "DELIVERED")],
    [p("OUTBOUND", "SCHEDULED"), p("APPRAISED")],
    [p("OUTBOUND", "DELIVERED"), p("APPRAISED")],
    // Same place, and substages the target stage does not have.
    [p("APPRAISED"), p("APPRAISED")],
    [p("ARRIVED"), p("APPRAISED", "SCHEDULED")],
    [p("APPRAISED"), p("OUTBOUND")],
  ] as const)("%o → %o has no rule", (from, to) => {
    expect(manualMoveBetween(from, to)).toBeUndefined();
  });

  it("agrees with manualTargets everywhere", () => {
    for (const from of ALL_POSITIONS) {
      const targets = manualTargets(from);
      for (const to of ALL_POSITIONS) {
        expect(
          manualMoveBetween(from, to) !== undefined,
          `${describePosition(from)} → ${describePosition(to)}`,
        ).toBe(targets.some((target) => same(target, to)));
      }
    }
  });
});

describe("manualTargets", () => {
  it.each([
    [p("INBOUND", "PENDING_MOVEMENT_REQUEST"), []],
    [p("INBOUND", "SCHEDULED"), [p("ARRIVED")]],
    [p("INBOUND", "DELIVERED"), [p("ARRIVED")]],
    [p("ARRIVED"), [p("APPRAISED")]],
    [p("APPRAISED"), [p("ARRIVED"), p("OUTBOUND", "PENDING_MOVEMENT_REQUEST")]],
    [p("OUTBOUND", "PENDING_MOVEMENT_REQUEST"), [p("APPRAISED")]],
    [p("OUTBOUND", "SCHEDULED"), []],
    [p("OUTBOUND", "DELIVERED"), []],
  ] as const)("from %o: %o", (from, targets) => {
    expect(manualTargets(from)).toEqual(targets);
  });
});

describe("the creation and finished positions", () => {
  it("start where the rules take a job on, and finish where an outbound delivery leaves it", () => {
    expect(canApply("inboundMovementCreated", PREP_JOB_CREATED_AT["inbound-pending"])).toBe(true);
    expect(canApply("inboundMovementDelivered", PREP_JOB_CREATED_AT.inboundMovementCreated)).toBe(true);
    expect(PREP_JOB_FINISHED).toEqual({ stage: "OUTBOUND", substage: "DELIVERED" });
    expect(isFinished({ stage: "OUTBOUND", substage: "DELIVERED" })).toBe(true);
    expect(isFinished({ stage: "OUTBOUND", substage: "SCHEDULED" })).toBe(false);
  });
});

describe("docs/prep-jobs.md", () => {
  it("embeds the diagram generated from the table", () => {
    const doc = readFileSync("docs/prep-jobs.md", "utf8");
    expect(doc).toContain("```mermaid\n" + stageRulesMermaid() + "\n```");
  });
});
