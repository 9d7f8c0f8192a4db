// At risk, before late (issue 17; docs/at-risk.md): a request not yet delivered is at risk when it
// cannot arrive by its deadline if the rest of its journey takes the usual time. The journey has three
// phases; a status says which remain:
//   toCarrier     created, or sent to a carrier that has not accepted → a carrier committed;
//   toCollection  a carrier committed → collected (counted from the ready time, not before);
//   inTransit     collected → delivered.
// Expected arrival = now (or the ready time, if later) plus the usual time of the phases that remain;
// the current phase's usual time is reduced by what it has already taken.
import {
  ACCEPTED_BY_CARRIER,
  BEFORE_CARRIER,
  PLANNING,
  SENT,
  type MovementRequestStatus,
} from "@/lib/movement-requests/transitions";
import { TERMINAL_STATUSES } from "@/lib/schemas/movement-wire";

export const PHASES = ["toCarrier", "toCollection", "inTransit"] as const;
export type Phase = (typeof PHASES)[number];
/** The usual length of each phase, in milliseconds. */
export type PhaseDurations = Record<Phase, number>;

/** The phase a request in `status` is in; null once it will not move any more. */
export function currentPhase(status: MovementRequestStatus): Phase | null {
  if (TERMINAL_STATUSES.includes(status)) return null;
  if (
    (BEFORE_CARRIER as readonly string[]).includes(status) ||
    (SENT as readonly string[]).includes(status)
  ) {
    return "toCarrier";
  }
  if (
    (ACCEPTED_BY_CARRIER as readonly string[]).includes(status) ||
    (PLANNING as readonly string[]).includes(status)
  ) {
    return "toCollection";
  }
  return "inTransit"; // IN_PROGRESS
}

export type AtRiskInput = {
  status: MovementRequestStatus;
  /** When the vehicle is ready to collect (lib/movement-requests/at-risk/request-times.ts). */
  readyAt: Date;
  /** The latest instant that is still on time. */
  deadline: Date;
  /** When the request entered its current status. */
  statusSince: Date;
  usual: PhaseDurations;
  now: Date;
};

/** When the request is expected to arrive; null for a delivered, cancelled or aborted one. */
export function expectedArrival({ status, readyAt, statusSince, usual, now }: AtRiskInput): Date | null {
  const phase = currentPhase(status);
  if (phase === null) return null;
  const at = now.getTime();
  const ready = readyAt.getTime();
  /** What is left of a phase's usual length once `since` has passed. */
  const rest = (length: number, since: number) => Math.max(0, length - Math.max(0, at - since));
  switch (phase) {
    case "toCarrier": {
      // A carrier may commit before the vehicle is ready; collection waits for it.
      const committed = at + rest(usual.toCarrier, statusSince.getTime());
      return new Date(Math.max(committed, ready) + usual.toCollection + usual.inTransit);
    }
    case "toCollection": {
      // Waiting for the ready time is not the carrier's delay: the phase counts from then.
      const phaseStart = Math.max(statusSince.getTime(), ready);
      return new Date(Math.max(at, ready) + rest(usual.toCollection, phaseStart) + usual.inTransit);
    }
    case "inTransit":
      return new Date(at + rest(usual.inTransit, statusSince.getTime()));
  }
}

export function isAtRisk(input: AtRiskInput): boolean {
  const arrival = expectedArrival(input);
  return arrival !== null && arrival.getTime() > input.deadline.getTime();
}

/**
 * When the request must be measured again (the incremental pass, docs/at-risk.md), if nothing it reads
 * changes: the first instant at which the answer could flip to "at risk", or the expected arrival move
 * `arrivalStep` from `storedArrival` (the one stored once this measurement is written). From its status's
 * start on, the expected arrival is max(t + K, its value now): it waits for a fixed instant, then rises
 * with time t, K being the usual length of what remains. Before the status's start (a clock ahead of
 * this one), it still never falls and rises at most as fast as time: the bound is taken from `now`. Null
 * when that instant is past the deadline (the pass leaves a late request as it is). 1 ms earlier, for
 * the arrival's rounding to the millisecond.
 */
export function nextCheckAt(
  input: AtRiskInput,
  { storedArrival, arrivalStep }: { storedArrival: Date; arrivalStep: number },
): Date | null {
  const arrival = expectedArrival(input);
  if (arrival === null) return null;
  const at = input.now.getTime();
  const deadline = input.deadline.getTime();
  const atRisk = arrival.getTime() > deadline;
  /** The arrival's level that ends this measurement's answer: flipping, or moving a step. */
  const limit = Math.min(atRisk ? Infinity : deadline, storedArrival.getTime() + arrivalStep);
  let next: number;
  if (input.statusSince.getTime() <= at) {
    const { toCarrier, toCollection, inTransit } = input.usual;
    const later = Math.max(at, input.readyAt.getTime()) + toCarrier + toCollection + inTransit + 86_400_000;
    const rest = (expectedArrival({ ...input, now: new Date(later) })?.getTime() ?? later) - later;
    next = limit - rest - 1;
  } else {
    next = at + (limit - arrival.getTime()) - 1;
  }
  next = Math.max(at, next);
  return next > deadline ? null : new Date(next);
}
