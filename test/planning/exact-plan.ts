// The exact optimum of a small pool, to measure the solver's gap (docs/planning.md): every chain each
// shift could drive (every order of every subset of its candidate jobs) is priced by the same
// chainCostOf, and HiGHS (a MIP solver compiled to WebAssembly) picks the cheapest set partitioning:
// each job in exactly one chosen chain, its 3PL or unplanned; each shift at most one chain.
import highsLoader from "highs";
import { chainCostOf, type ChainDetail, type Problem } from "@/lib/planning/problem";
import { THIRD_PARTY, UNPLANNED, type Assignment } from "@/lib/planning/solve";

/** Leaving a job unplanned though something could carry it: dearer than any real plan of a small pool. */
const UNPLANNED_COST = 1e8;
/** Chains past which the pool is not small any more. */
const MAX_CHAINS = 200_000;

/** The WebAssembly module, instantiated once per process. */
let highs: ReturnType<typeof highsLoader> | undefined;

/** The objective of an assignment, as the solver counts it. */
export function objectiveOf(problem: Problem, assignment: Assignment): number {
  let total = 0;
  assignment.chains.forEach((chain, shift) => {
    total += chainCostOf(problem, problem.shifts[shift]!, chain, chain.length);
  });
  problem.jobs.forEach((job, index) => {
    const place = assignment.placeOf[index];
    if (place === THIRD_PARTY) total += job.thirdParty!.cost;
    if (place === UNPLANNED && (job.thirdParty || job.shifts.length > 0)) total += UNPLANNED_COST;
  });
  return total;
}

export async function exactObjective(problem: Problem): Promise<number> {
  const terms: string[] = [];
  const rows = new Map<number, string[]>(problem.jobs.map((_, index) => [index, []]));
  const shiftRows: string[][] = problem.shifts.map(() => []);
  const binaries: string[] = [];
  problem.shifts.forEach((shift, shiftIndex) => {
    // The solver's own candidates: a driver who may move the job, no more than a day late.
    const allowed = problem.jobs.flatMap((job, index) => (job.shifts.includes(shiftIndex) ? [index] : []));
    const sequence: number[] = [];
    const extend = () => {
      for (const job of allowed) {
        if (sequence.includes(job)) continue;
        sequence.push(job);
        const detail: ChainDetail = { collect: [], deliver: [], lateMs: [], paidMs: 0, emptyKm: 0 };
        const cost = chainCostOf(problem, shift, sequence, sequence.length, detail);
        if (Number.isFinite(cost)) {
          const name = `c${binaries.length}`;
          if (binaries.length > MAX_CHAINS) throw new Error("Not a small pool: too many chains");
          binaries.push(name);
          terms.push(`${cost} ${name}`);
          for (const member of sequence) rows.get(member)!.push(name);
          shiftRows[shiftIndex]!.push(name);
        }
        // A chain that is home too late may still become feasible by a detour, but not once the last
        // delivery itself is past the shift's end.
        const lastDelivery = detail.deliver.at(-1) ?? Infinity;
        if (lastDelivery <= shift.end) extend();
        sequence.pop();
      }
    };
    extend();
  });
  problem.jobs.forEach((job, index) => {
    if (job.thirdParty) {
      const name = `t${index}`;
      binaries.push(name);
      terms.push(`${job.thirdParty.cost} ${name}`);
      rows.get(index)!.push(name);
    }
    if (rows.get(index)!.length === 0) {
      rows.delete(index); // nothing can carry it: unplanned in every plan, at no cost to compare
    } else {
      const name = `u${index}`;
      binaries.push(name);
      terms.push(`${UNPLANNED_COST} ${name}`);
      rows.get(index)!.push(name);
    }
  });
  if (binaries.length === 0) return 0;
  const model = [
    "Minimize",
    ` obj: ${terms.join("\n + ")}`,
    "Subject To",
    ...[...rows].map(([job, names]) => ` j${job}: ${names.join(" + ")} = 1`),
    ...shiftRows.flatMap((names, shift) =>
      names.length > 0 ? [` s${shift}: ${names.join(" + ")} <= 1`] : [],
    ),
    "Binaries",
    ...binaries.map((name) => ` ${name}`),
    "End",
  ].join("\n");
  highs ??= highsLoader();
  const result = (await highs).solve(model, { output_flag: false, mip_rel_gap: 0 });
  if (result.Status !== "Optimal") throw new Error(`HiGHS ended with ${result.Status}`);
  return result.ObjectiveValue;
}
