// The prep-job stage rules: every way a job moves between stages and substages, as one table. The
// /v1 prep-job endpoints, the movement side effects, the operations API and the kanban all go through
// it; docs/prep-jobs.md draws it (a test keeps the drawing in step with this table).
import { AppError } from "@/lib/errors/app-error";
import {
  PrepJobStage,
  PrepJobSubstage,
  type PrepJobStage as Stage,
  type PrepJobSubstage as Substage,
} from "@/lib/generated/prisma/enums";
import { everyValueOf } from "@/lib/schemas/enum-values";

export type PrepJobPosition = { stage: Stage; substage: Substage | null };

/** A position a rule starts from; a missing substage matches any substage of the stage. */
type From = { stage: Stage; substage?: Substage | null };

type Rule = { from: readonly From[] | "any"; to: PrepJobPosition; manual: boolean };

const pos = (stage: Stage, substage: Substage | null = null): PrepJobPosition => ({ stage, substage });

/** The stages in workflow order (the kanban's columns). */
export const STAGE_ORDER = everyValueOf(PrepJobStage, ["INBOUND", "ARRIVED", "APPRAISED", "OUTBOUND"]);
/** The substages in workflow order (a stage column's groups, the kanban's substage filter). */
export const SUBSTAGE_ORDER = everyValueOf(PrepJobSubstage, [
  "PENDING_MOVEMENT_REQUEST",
  "SCHEDULED",
  "DELIVERED",
]);

/** Where a job starts, by how it is created. */
export const PREP_JOB_CREATED_AT = {
  /** POST /prep-jobs/inbound-pending: parked, no prep site yet. */
  "inbound-pending": pos("INBOUND", "PENDING_MOVEMENT_REQUEST"),
  /** A movement request to a prep site for a vehicle with no open job there. */
  inboundMovementCreated: pos("INBOUND", "SCHEDULED"),
} as const satisfies Record<string, PrepJobPosition>;

export const PREP_JOB_RULES = {
  /** PATCH /prep-jobs/appraised (specification). */
  markAppraised: { from: "any", to: pos("APPRAISED"), manual: false },
  /** PATCH /prep-jobs/pending-movement-request: preparation done, no outbound movement yet. */
  awaitOutboundMovement: { from: "any", to: pos("OUTBOUND", "PENDING_MOVEMENT_REQUEST"), manual: false },
  /** A movement request to the job's prep site was created, or a parked job got its prep site. */
  inboundMovementCreated: {
    from: [
      { stage: "INBOUND", substage: "PENDING_MOVEMENT_REQUEST" },
      { stage: "INBOUND", substage: null },
    ],
    to: pos("INBOUND", "SCHEDULED"),
    manual: false,
  },
  inboundMovementDelivered: {
    from: [{ stage: "INBOUND", substage: "SCHEDULED" }],
    to: pos("INBOUND", "DELIVERED"),
    manual: false,
  },
  /** A movement request away from the prep site was created (specification: automatic). */
  outboundMovementCreated: {
    from: [
      { stage: "ARRIVED" },
      { stage: "APPRAISED" },
      { stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" },
    ],
    to: pos("OUTBOUND", "SCHEDULED"),
    manual: false,
  },
  outboundMovementDelivered: {
    from: [{ stage: "OUTBOUND", substage: "SCHEDULED" }],
    to: pos("OUTBOUND", "DELIVERED"),
    manual: false,
  },
  /** The movement was cancelled or aborted: the job waits for a new one. */
  inboundMovementCalledOff: {
    from: [{ stage: "INBOUND", substage: "SCHEDULED" }],
    to: pos("INBOUND", "PENDING_MOVEMENT_REQUEST"),
    manual: false,
  },
  outboundMovementCalledOff: {
    from: [{ stage: "OUTBOUND", substage: "SCHEDULED" }],
    to: pos("OUTBOUND", "PENDING_MOVEMENT_REQUEST"),
    manual: false,
  },
  // Moves staff make on the kanban (or through POST /operations/prep-jobs/{id}/move).
  checkIn: {
    from: [
      { stage: "INBOUND", substage: "SCHEDULED" },
      { stage: "INBOUND", substage: "DELIVERED" },
      { stage: "INBOUND", substage: null },
    ],
    to: pos("ARRIVED"),
    manual: true,
  },
  appraise: { from: [{ stage: "ARRIVED" }], to: pos("APPRAISED"), manual: true },
  undoAppraisal: { from: [{ stage: "APPRAISED" }], to: pos("ARRIVED"), manual: true },
  finishPreparation: {
    from: [{ stage: "APPRAISED" }],
    to: pos("OUTBOUND", "PENDING_MOVEMENT_REQUEST"),
    manual: true,
  },
  reopenPreparation: {
    from: [{ stage: "OUTBOUND", substage: "PENDING_MOVEMENT_REQUEST" }],
    to: pos("APPRAISED"),
    manual: true,
  },
} as const satisfies Record<string, Rule>;

export type PrepJobTrigger = keyof typeof PREP_JOB_RULES;

/** The vehicle has left the prep site (OUTBOUND/DELIVERED): a job here is no longer open. */
export const PREP_JOB_FINISHED: PrepJobPosition = PREP_JOB_RULES.outboundMovementDelivered.to;

export function samePosition(a: PrepJobPosition, b: PrepJobPosition): boolean {
  return a.stage === b.stage && a.substage === b.substage;
}

export function isFinished(position: PrepJobPosition): boolean {
  return samePosition(position, PREP_JOB_FINISHED);
}

function matches(position: PrepJobPosition, from: Rule["from"]): boolean {
  if (from === "any") return true;
  return from.some(
    (pattern) =>
      pattern.stage === position.stage &&
      (pattern.substage === undefined || pattern.substage === position.substage),
  );
}

export function canApply(trigger: PrepJobTrigger, position: PrepJobPosition): boolean {
  return matches(position, (PREP_JOB_RULES[trigger] as Rule).from);
}

/** The position after `trigger`, or 409 INVALID_STATUS_TRANSITION. */
export function applyRule(trigger: PrepJobTrigger, position: PrepJobPosition): PrepJobPosition {
  if (!canApply(trigger, position)) {
    throw new AppError(
      "INVALID_STATUS_TRANSITION",
      `A prep job at ${describePosition(position)} cannot move by "${trigger}".`,
    );
  }
  return PREP_JOB_RULES[trigger].to;
}

/** The manual move (kanban drag) from one position to another, if the rules have one. */
export function manualMoveBetween(from: PrepJobPosition, to: PrepJobPosition): PrepJobTrigger | undefined {
  return (Object.keys(PREP_JOB_RULES) as PrepJobTrigger[]).find((trigger) => {
    const rule = PREP_JOB_RULES[trigger] as Rule;
    return (
      rule.manual &&
      rule.to.stage === to.stage &&
      rule.to.substage === to.substage &&
      matches(from, rule.from)
    );
  });
}

/** The positions a card may be dragged to from `from` (the kanban highlights these). */
export function manualTargets(from: PrepJobPosition): PrepJobPosition[] {
  return Object.values(PREP_JOB_RULES as Record<string, Rule>)
    .filter((rule) => rule.manual && matches(from, rule.from))
    .map((rule) => rule.to);
}

export function describePosition(position: PrepJobPosition): string {
  return position.substage ? `${position.stage}/${position.substage}` : position.stage;
}

/** The table as a Mermaid state diagram (docs/prep-jobs.md embeds it). */
export function stageRulesMermaid(): string {
  const id = (p: From | PrepJobPosition) => (p.substage ? `${p.stage}_${p.substage}` : p.stage);
  const lines = ["stateDiagram-v2"];
  for (const [how, position] of Object.entries(PREP_JOB_CREATED_AT))
    lines.push(`  [*] --> ${id(position)}: ${how}`);
  for (const [trigger, rule] of Object.entries(PREP_JOB_RULES as Record<string, Rule>)) {
    const sources = rule.from === "any" ? ["any"] : rule.from.map(id);
    for (const source of sources)
      lines.push(`  ${source} --> ${id(rule.to)}: ${trigger}${rule.manual ? " (kanban)" : ""}`);
  }
  return lines.join("\n");
}
