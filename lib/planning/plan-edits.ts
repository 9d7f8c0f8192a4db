// The dispatcher's edits of a proposed plan (docs/planning.md, "Reviewing a plan"): a request moved to
// another driver or to its 3PL, re-evaluated with the planner's own cost model; and the locked choices a
// re-plan keeps while it plans the rest.
import { AppError } from "@/lib/errors/app-error";
import type { PlanBody } from "@/lib/planning/model";
import { chainCostOf, type Problem } from "@/lib/planning/problem";
import type { PlanCarrier, PlanLocks } from "@/lib/planning/plan-carrier";
import { THIRD_PARTY, UNPLANNED, type Assignment } from "@/lib/planning/solve";

/** The body's choices as an assignment of this problem (each move in the shift its collection falls in). */
export function assignmentOf(problem: Problem, body: PlanBody): Assignment {
  const jobOf = new Map(problem.jobs.map((job, index) => [job.request.id, index]));
  const chains = problem.shifts.map((): number[] => []);
  const placeOf = new Int32Array(problem.jobs.length).fill(UNPLANNED);
  for (const chain of body.drivers) {
    for (const move of chain.moves) {
      const job = jobOf.get(move.requestId);
      const collect = Date.parse(move.collectAt);
      const shift = problem.shifts.findIndex(
        (each) => each.driverId === chain.driverId && each.start <= collect && collect <= each.end,
      );
      if (job === undefined || shift < 0) continue;
      chains[shift]!.push(job);
      placeOf[job] = shift;
    }
  }
  for (const entry of body.thirdParty) {
    const job = jobOf.get(entry.requestId);
    if (job !== undefined && problem.jobs[job]!.thirdParty) placeOf[job] = THIRD_PARTY;
  }
  return { chains, placeOf };
}

/**
 * The assignment with one request moved: to its 3PL, or into the cheapest place of the driver's days
 * that can carry it (the rest of each chain kept in order, its times recomputed).
 */
export function moveRequest(
  problem: Problem,
  assignment: Assignment,
  requestId: string,
  to: PlanCarrier,
): Assignment {
  const job = problem.jobs.findIndex((each) => each.request.id === requestId);
  if (job < 0) throw new AppError("POOL_PLAN_MOVE_IMPOSSIBLE", `Request ${requestId} is not in this plan.`);
  const chains = assignment.chains.map((chain) => chain.filter((each) => each !== job));
  const placeOf = assignment.placeOf.slice();
  if ("thirdParty" in to) {
    if (!problem.jobs[job]!.thirdParty) {
      throw new AppError("POOL_PLAN_MOVE_IMPOSSIBLE", "No 3PL of its profile carries this request.");
    }
    placeOf[job] = THIRD_PARTY;
    return { chains, placeOf };
  }
  let best: { shift: number; position: number; added: number } | null = null;
  for (const shift of problem.jobs[job]!.shifts) {
    if (problem.shifts[shift]!.driverId !== to.driverId) continue;
    const chain = chains[shift]!;
    const before = chainCostOf(problem, problem.shifts[shift]!, chain, chain.length);
    for (let position = 0; position <= chain.length; position++) {
      const sequence = [...chain.slice(0, position), job, ...chain.slice(position)];
      const added = chainCostOf(problem, problem.shifts[shift]!, sequence, sequence.length) - before;
      if (Number.isFinite(added) && (!best || added < best.added)) best = { shift, position, added };
    }
  }
  if (!best) {
    throw new AppError(
      "POOL_PLAN_MOVE_IMPOSSIBLE",
      "That driver cannot carry this request within their hours on any day of the plan.",
    );
  }
  chains[best.shift]!.splice(best.position, 0, job);
  placeOf[job] = best.shift;
  return { chains, placeOf };
}

/**
 * The problem with each locked request able to go only where it is locked: its driver's days, or its
 * 3PL. The solver then plans the rest around them.
 */
export function withLocks(problem: Problem, locks: PlanLocks): Problem {
  const jobs = problem.jobs.map((job) => {
    const lock = locks[job.request.id];
    if (!lock) return job;
    if ("thirdParty" in lock) return { ...job, shifts: [] };
    const shifts = job.shifts.filter((shift) => problem.shifts[shift]!.driverId === lock.driverId);
    return { ...job, shifts, thirdParty: null };
  });
  return { ...problem, jobs };
}
