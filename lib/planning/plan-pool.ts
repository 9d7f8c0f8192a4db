// Plan the pool: the input compiled, solved, and written as the plan's body. Pure: synchronous for the
// API's request and the tests, or yielding between steps for the worker, which writes its progress.
import { UNPLANNED_REASONS, type PlanBody, type PlannedMove, type PlanningInput } from "@/lib/planning/model";
import type { PlanCarrier, PlanLocks } from "@/lib/planning/plan-carrier";
import { assignmentOf, moveRequest, withLocks } from "@/lib/planning/plan-edits";
import { chainCostOf, compileProblem, type ChainDetail, type Problem } from "@/lib/planning/problem";
import { solve, solveYielding, THIRD_PARTY, type Assignment, type SolveOptions } from "@/lib/planning/solve";

const MINUTE = 60_000;

export function planPool(input: PlanningInput, options: SolveOptions = {}): PlanBody {
  const problem = compileProblem(input);
  return toPlanBody(problem, solve(problem, options));
}

/**
 * The same plan, handing the event loop back between the search's steps (the worker's), keeping the
 * dispatcher's locked choices.
 */
export async function planPoolYielding(
  input: PlanningInput,
  options: SolveOptions = {},
  locks: PlanLocks = {},
): Promise<PlanBody> {
  const problem = withLocks(compileProblem(input), locks);
  return toPlanBody(problem, await solveYielding(problem, options));
}

/** The body with one request moved by the dispatcher, its chains' times and the totals recomputed. */
export function bodyWithMove(
  input: PlanningInput,
  body: PlanBody,
  requestId: string,
  to: PlanCarrier,
): PlanBody {
  const problem = compileProblem(input);
  return toPlanBody(problem, moveRequest(problem, assignmentOf(problem, body), requestId, to));
}

export function toPlanBody(problem: Problem, assignment: Assignment): PlanBody {
  const movesOf = new Map<string, PlannedMove[]>();
  let costCents = 0;
  let penaltyCents = 0;
  let emptyKm = 0;
  let lateRequests = 0;
  assignment.chains.forEach((chain, index) => {
    if (chain.length === 0) return;
    const shift = problem.shifts[index]!;
    const detail: ChainDetail = { collect: [], deliver: [], lateMs: [], paidMs: 0, emptyKm: 0 };
    chainCostOf(problem, shift, chain, chain.length, detail);
    costCents += detail.paidMs * shift.costPerMs + detail.emptyKm * problem.chaseCarCostPerKm;
    emptyKm += detail.emptyKm;
    const moves = movesOf.get(shift.driverId) ?? [];
    chain.forEach((job, position) => {
      const lateMs = detail.lateMs[position]!;
      penaltyCents += lateMs * problem.penaltyPerMs;
      if (lateMs > 0) lateRequests++;
      moves.push({
        requestId: problem.jobs[job]!.request.id,
        collectAt: new Date(detail.collect[position]!).toISOString(),
        deliverAt: new Date(detail.deliver[position]!).toISOString(),
        lateMinutes: Math.ceil(lateMs / MINUTE),
      });
    });
    movesOf.set(shift.driverId, moves);
  });
  const thirdParty: PlanBody["thirdParty"] = [];
  const unplanned: PlanBody["unplanned"] = [];
  problem.jobs.forEach((job, index) => {
    const place = assignment.placeOf[index]!;
    if (place >= 0) return;
    const option = job.thirdParty;
    if (place === THIRD_PARTY && option) {
      costCents += option.priceCents;
      penaltyCents += option.lateMs * problem.penaltyPerMs;
      if (option.lateMs > 0) lateRequests++;
      thirdParty.push({
        requestId: job.request.id,
        providerId: option.providerId,
        priceCents: option.priceCents,
        currency: problem.currency,
        lateMinutes: Math.ceil(option.lateMs / MINUTE),
      });
      return;
    }
    const reason = problem.driverMethods.has(job.request.transportMethod) ? "NO_DRIVER_TIME" : "NO_CARRIER";
    unplanned.push({ requestId: job.request.id, reason, detail: UNPLANNED_REASONS[reason] });
  });
  return {
    drivers: [...movesOf].map(([driverId, moves]) => ({
      driverId,
      moves: moves.sort((a, b) => a.collectAt.localeCompare(b.collectAt)),
    })),
    thirdParty,
    unplanned,
    totals: {
      costCents: Math.round(costCents),
      currency: problem.currency,
      latenessPenaltyCents: Math.round(penaltyCents),
      emptyKm: Math.round(emptyKm * 10) / 10,
      lateRequests,
    },
  };
}
