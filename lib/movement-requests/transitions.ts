// The movement request lifecycle: one table of every action and, for each status it may start from,
// the statuses it may lead to. The API, the operations endpoints and the dispatcher UI all go through
// it; docs/api.md draws it (a test keeps the drawing in step with this table).
import { AppError } from "@/lib/errors/app-error";
import type { MovementRequestStatus as Status } from "@/lib/generated/prisma/enums";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

export type { Status as MovementRequestStatus };

export const INITIAL_STATUS = {
  planningPool: "CREATED",
  thirdPartyLogistics: "SENT_TO_3PL",
} as const satisfies Record<string, Status>;

/** The statuses by how far the request is from its carrier (the at-risk rule reads them too). */
export const BEFORE_CARRIER = ["CREATED", "ACCEPTED"] as const;
export const SENT = [
  "SENT_TO_DRIVER",
  "SENT_TO_MULTIPLE_DRIVERS",
  "SENT_TO_3PL",
  "SENT_TO_MARKETPLACE",
] as const;
export const ACCEPTED_BY_CARRIER = [
  "ACCEPTED_SENT_TO_DRIVER",
  "ACCEPTED_SENT_TO_3PL",
  "ACCEPTED_SENT_TO_MARKETPLACE",
] as const;
export const PLANNING = ["PARTIALLY_PLANNED", "PLANNED"] as const;

function from<const S extends readonly Status[], const T extends readonly Status[]>(statuses: S, to: T) {
  return Object.fromEntries(statuses.map((status) => [status, to])) as Record<S[number], T>;
}

export const MOVEMENT_REQUEST_TRANSITIONS = {
  /** The planning team takes a pool request on, or the carrier it was sent to accepts it. */
  accept: {
    CREATED: ["ACCEPTED"],
    SENT_TO_DRIVER: ["ACCEPTED_SENT_TO_DRIVER"],
    SENT_TO_MULTIPLE_DRIVERS: ["ACCEPTED_SENT_TO_DRIVER"],
    SENT_TO_3PL: ["ACCEPTED_SENT_TO_3PL"],
    SENT_TO_MARKETPLACE: ["ACCEPTED_SENT_TO_MARKETPLACE"],
  },
  /**
   * A dispatcher plans legs with the organisation's own drivers (no acceptance needed); the later legs
   * of a request already under way may still be planned.
   */
  planWithDriver: {
    ...from([...BEFORE_CARRIER, ...PLANNING], ["PLANNED", "PARTIALLY_PLANNED"]),
    IN_PROGRESS: ["IN_PROGRESS"],
  },
  /** Offered to one or several drivers, who accept in their app. */
  offerToDrivers: from(BEFORE_CARRIER, ["SENT_TO_DRIVER", "SENT_TO_MULTIPLE_DRIVERS"]),
  /** Dispatched from the pool to a 3PL, which must accept. */
  sendToThirdPartyLogistics: from(BEFORE_CARRIER, ["SENT_TO_3PL"]),
  sendToMarketplace: from(BEFORE_CARRIER, ["SENT_TO_MARKETPLACE"]),
  /** A leg is collected: the request is in progress (again, for a later leg). */
  collect: from([...ACCEPTED_BY_CARRIER, ...PLANNING, "IN_PROGRESS"], ["IN_PROGRESS"]),
  /** A leg is delivered: the request is delivered with its last leg. */
  deliver: { IN_PROGRESS: ["IN_PROGRESS", "DELIVERED"] },
  /** Abandoned: once a carrier is assigned, until delivery. */
  abort: from([...SENT, ...ACCEPTED_BY_CARRIER, ...PLANNING, "IN_PROGRESS"], ["ABORTED"]),
  /** Called off: until collection. */
  cancel: from([...BEFORE_CARRIER, ...SENT, ...ACCEPTED_BY_CARRIER, ...PLANNING], ["CANCELLED"]),
} as const satisfies Record<string, Partial<Record<Status, readonly Status[]>>>;

export type MovementRequestAction = keyof typeof MOVEMENT_REQUEST_TRANSITIONS;

/** Where abort and cancel lead: the request will not arrive (a test checks them against the table). */
export const CALLED_OFF_STATUSES = ["CANCELLED", "ABORTED"] as const satisfies readonly Status[];

export function allowedTargets(action: MovementRequestAction, status: Status): readonly Status[] {
  const targets = MOVEMENT_REQUEST_TRANSITIONS[action] as Partial<Record<Status, readonly Status[]>>;
  return targets[status] ?? [];
}

export function canTransition(action: MovementRequestAction, status: Status, to?: Status): boolean {
  const targets = allowedTargets(action, status);
  return to === undefined ? targets.length > 0 : targets.includes(to);
}

/** Throws 409 INVALID_STATUS_TRANSITION unless `action` may take `status` to `to`. */
export function assertTransition(action: MovementRequestAction, status: Status, to: Status): void {
  if (!canTransition(action, status, to)) {
    throw new AppError(
      "INVALID_STATUS_TRANSITION",
      `A movement request in status ${status} cannot ${describeAction(action)}${to === status ? "" : ` (to ${to})`}.`,
    );
  }
}

/** The actions a request in `status` allows: what the dispatcher UI offers. */
export function availableActions(status: Status): MovementRequestAction[] {
  return (Object.keys(MOVEMENT_REQUEST_TRANSITIONS) as MovementRequestAction[]).filter((action) =>
    canTransition(action, status),
  );
}

/** PATCH is allowed until collection. */
export function isEditable(status: Status): boolean {
  return status !== "IN_PROGRESS" && !TERMINAL_STATUSES.includes(status);
}

/**
 * A carrier's final price may be recorded at any status but CANCELLED: before dispatch (a quote
 * agreed), on the way, after delivery (the invoice), and after an abort (what was done is billed).
 */
export function acceptsFinalPrice(status: Status): boolean {
  return status !== "CANCELLED";
}

function describeAction(action: MovementRequestAction): string {
  return action.replace(/[A-Z0-9]+/g, (word) => ` ${word.toLowerCase()}`).replace("3pl", "3PL");
}

/** The table as a Mermaid state diagram (docs/api.md embeds it). */
export function lifecycleMermaid(): string {
  const lines = ["stateDiagram-v2"];
  for (const [name, status] of Object.entries(INITIAL_STATUS))
    lines.push(`  [*] --> ${status}: create (${name})`);
  for (const action of Object.keys(MOVEMENT_REQUEST_TRANSITIONS) as MovementRequestAction[]) {
    const table = MOVEMENT_REQUEST_TRANSITIONS[action] as Partial<Record<Status, readonly Status[]>>;
    for (const [source, targets] of Object.entries(table)) {
      for (const target of targets ?? []) lines.push(`  ${source} --> ${target}: ${action}`);
    }
  }
  for (const status of TERMINAL_STATUSES) lines.push(`  ${status} --> [*]`);
  return lines.join("\n");
}
