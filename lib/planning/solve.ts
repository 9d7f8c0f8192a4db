// The solver: a construction heuristic, then local search, within a time limit (docs/planning.md).
// - Construction: by deadline, each job goes where it adds least: the cheapest insertion into any shift
//   that may carry it, or its best 3PL.
// - Local search, first improvement, until a pass finds nothing or the time is up: relocate (a job to
//   another place in any shift, or to its 3PL), swap (two jobs of two shifts of the same day), and
//   exchange (a 3PL's job into a shift in place of one that goes to its 3PL).
// - Ruin and recreate, to leave the local optimum: take a few jobs out (at random, or one and its
//   nearest), put each back where it adds least (each choice weighed at random, in half the rounds),
//   relocate each once, and keep the result only if the whole plan is cheaper; until IDLE_ROUNDS rounds
//   in a row find nothing or the time is up.
// Deterministic (a seeded generator): the same input gives the same plan. The exact check on small pools
// is in test/planning/.
import { chainCostOf, type Problem } from "@/lib/planning/problem";
import { seededRandom } from "@/lib/planning/seeded-random";

export const THIRD_PARTY = -2;
export const UNPLANNED = -1;

export type Assignment = {
  /** Per shift, its jobs in order. */
  chains: number[][];
  /** Per job: the shift carrying it, THIRD_PARTY or UNPLANNED. */
  placeOf: Int32Array;
};

export type SolveOptions = {
  timeLimitMs?: number;
  /** Called now and then with the share of the time limit spent (1 when done): the worker's progress. */
  onProgress?: (fraction: number) => void;
};

const DEFAULT_TIME_LIMIT_MS = 8_000;
/** Only a move that saves more than this (cents) counts, so that rounding cannot make the search loop. */
const IMPROVEMENT = 1e-6;
/** A job left unplanned although some carrier could take it costs more than any plan that takes it. */
const UNPLANNED_COST = 1e12;
const IDLE_ROUNDS = 300;
const MAX_RUINED = 12;
const SEED = 39;

export function solve(problem: Problem, options: SolveOptions = {}): Assignment {
  const steps = searchSteps(problem, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same search, handing the event loop back at each progress report: the worker's plan lets its
 * progress writes (and its other work) go out while it plans.
 */
export async function solveYielding(problem: Problem, options: SolveOptions = {}): Promise<Assignment> {
  const steps = searchSteps(problem, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The search, paused (yield) after each progress report. */
function* searchSteps(problem: Problem, options: SolveOptions): Generator<void, Assignment> {
  const search = new LocalSearch(problem, options);
  search.construct();
  yield;
  yield* search.descend();
  yield* search.ruinAndRecreate();
  options.onProgress?.(1);
  return { chains: search.chains, placeOf: search.placeOf };
}

class LocalSearch {
  readonly chains: number[][];
  readonly placeOf: Int32Array;
  private readonly costs: Float64Array;
  private readonly allowed: Uint8Array;
  private readonly scratch: Int32Array;
  private readonly startedAt = performance.now();

  constructor(
    private readonly problem: Problem,
    private readonly options: SolveOptions,
  ) {
    const { jobs, shifts } = problem;
    this.chains = shifts.map(() => []);
    this.costs = new Float64Array(shifts.length);
    this.placeOf = new Int32Array(jobs.length).fill(UNPLANNED);
    this.allowed = new Uint8Array(jobs.length * shifts.length);
    jobs.forEach((job, index) => {
      for (const shift of job.shifts) this.allowed[index * shifts.length + shift] = 1;
    });
    this.scratch = new Int32Array(jobs.length + 1);
  }

  outOfTime(): boolean {
    return performance.now() - this.startedAt > (this.options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
  }

  reportProgress(): void {
    const limit = this.options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.options.onProgress?.(Math.min(0.99, (performance.now() - this.startedAt) / limit));
  }

  construct(): void {
    const { jobs } = this.problem;
    const order = jobs
      .map((_, index) => index)
      .sort((a, b) => jobs[a]!.deliverBy - jobs[b]!.deliverBy || jobs[a]!.collectFrom - jobs[b]!.collectFrom);
    for (const job of order) {
      const best = this.bestInsertion(job, jobs[job]!.thirdParty?.cost ?? Infinity);
      if (best) this.insert(job, best.shift, best.position);
      else if (jobs[job]!.thirdParty) this.placeOf[job] = THIRD_PARTY;
    }
    this.reportProgress();
  }

  *descend(): Generator<void, void> {
    while (!this.outOfTime()) {
      const improved = [this.relocatePass(), this.swapPass(), this.exchangePass()].some(Boolean);
      this.reportProgress();
      if (!improved) return;
      yield;
    }
  }

  *ruinAndRecreate(): Generator<void, void> {
    const random = seededRandom(SEED);
    const { jobs } = this.problem;
    const movable = jobs.flatMap((job, index) => (job.thirdParty || job.shifts.length > 0 ? [index] : []));
    if (movable.length < 2) return;
    let best = this.objective();
    for (let idle = 0; idle < IDLE_ROUNDS && !this.outOfTime();) {
      const saved = {
        chains: this.chains.map((chain) => chain.slice()),
        placeOf: this.placeOf.slice(),
        costs: this.costs.slice(),
      };
      const ruined = this.ruin(movable, random);
      for (const job of ruined) this.remove(job);
      // Half the rounds weigh each choice (a 3PL, a place in a shift) up to 1.5 times its cost while
      // putting jobs back: a shift that costs more than a 3PL for its first job may cost less for two
      // (its driver's way out and back), and the cheapest place for one job may not be for the next.
      const noisy = random() < 0.5;
      const noise = () => (noisy ? 1 + random() / 2 : 1);
      for (const job of ruined) {
        const option = jobs[job]!.thirdParty;
        const insertion = this.bestInsertion(job, option ? option.cost * noise() : Infinity, noise);
        if (insertion) this.insert(job, insertion.shift, insertion.position);
        else if (option) this.placeOf[job] = THIRD_PARTY;
      }
      for (const job of ruined) this.relocate(job);
      const objective = this.objective();
      if (objective < best - IMPROVEMENT) {
        best = objective;
        idle = 0;
      } else {
        saved.chains.forEach((chain, shift) => (this.chains[shift] = chain));
        this.placeOf.set(saved.placeOf);
        this.costs.set(saved.costs);
        idle++;
      }
      if (idle % 50 === 0) {
        this.reportProgress();
        yield;
      }
    }
  }

  /** Some jobs, in the order to put them back: at random, or one and those collected nearest to it. */
  private ruin(movable: number[], random: () => number): number[] {
    const { jobs, locations, emptyKm } = this.problem;
    const count = Math.min(movable.length, 2 + Math.floor(random() * MAX_RUINED));
    const pick = () => movable[Math.floor(random() * movable.length)]!;
    if (random() < 0.5) {
      const chosen = new Set<number>();
      while (chosen.size < count) chosen.add(pick());
      return [...chosen];
    }
    const origin = jobs[pick()]!.origin;
    const distance = (job: number) => emptyKm[origin * locations + jobs[job]!.origin]!;
    return [...movable]
      .sort((a, b) => distance(a) - distance(b))
      .slice(0, count)
      .reverse();
  }

  /** The whole plan's cost, as the search weighs it. */
  private objective(): number {
    let total = this.costs.reduce((sum, cost) => sum + cost, 0);
    this.problem.jobs.forEach((job, index) => {
      const place = this.placeOf[index];
      if (place === THIRD_PARTY) total += job.thirdParty!.cost;
      else if (place === UNPLANNED && (job.thirdParty || job.shifts.length > 0)) total += UNPLANNED_COST;
    });
    return total;
  }

  relocatePass(): boolean {
    let improved = false;
    for (let job = 0; job < this.problem.jobs.length && !this.outOfTime(); job++) {
      if (this.relocate(job)) improved = true;
    }
    return improved;
  }

  swapPass(): boolean {
    let improved = false;
    const { shifts } = this.problem;
    const byDay = new Map<string, number[]>();
    shifts.forEach((shift, index) => byDay.set(shift.day, [...(byDay.get(shift.day) ?? []), index]));
    for (const group of byDay.values()) {
      for (let i = 0; i < group.length && !this.outOfTime(); i++) {
        for (let j = i + 1; j < group.length; j++) {
          if (this.swapBetween(group[i]!, group[j]!)) improved = true;
        }
      }
    }
    return improved;
  }

  exchangePass(): boolean {
    let improved = false;
    const { jobs } = this.problem;
    for (let job = 0; job < jobs.length && !this.outOfTime(); job++) {
      if (this.placeOf[job] === THIRD_PARTY && this.exchange(job)) improved = true;
    }
    return improved;
  }

  /**
   * The cheapest insertion of `job` that adds less than `limit`, or null; `noise` (≥ 1 each call) weighs
   * each insertion at random, to let ruin and recreate try others than the cheapest.
   */
  private bestInsertion(
    job: number,
    limit: number,
    noise: () => number = () => 1,
  ): { shift: number; position: number } | null {
    let best: { shift: number; position: number } | null = null;
    let bestCost = limit;
    for (const shift of this.problem.jobs[job]!.shifts) {
      const chain = this.chains[shift]!;
      for (let position = 0; position <= chain.length; position++) {
        const added = (this.costWith(shift, -1, job, position) - this.costs[shift]!) * noise();
        if (added < bestCost) {
          bestCost = added;
          best = { shift, position };
        }
      }
    }
    return best;
  }

  private relocate(job: number): boolean {
    const { jobs } = this.problem;
    const thirdParty = jobs[job]!.thirdParty;
    const place = this.placeOf[job]!;
    if (place === UNPLANNED && !thirdParty && jobs[job]!.shifts.length === 0) return false;
    const from = place >= 0 ? this.chains[place]!.indexOf(job) : -1;
    const gain =
      place >= 0
        ? this.costs[place]! - this.costWith(place, from, -1, 0)
        : place === THIRD_PARTY
          ? thirdParty!.cost
          : UNPLANNED_COST;
    let bestDelta = -IMPROVEMENT;
    let best: { shift: number; position: number } | null = null;
    if (place !== THIRD_PARTY && thirdParty && thirdParty.cost - gain < bestDelta) {
      bestDelta = thirdParty.cost - gain;
      best = { shift: THIRD_PARTY, position: 0 };
    }
    for (const shift of jobs[job]!.shifts) {
      const chain = this.chains[shift]!;
      const same = shift === place;
      const positions = same ? chain.length - 1 : chain.length;
      for (let position = 0; position <= positions; position++) {
        if (same && position === from) continue;
        const delta = same
          ? this.costWith(shift, from, job, position) - this.costs[shift]!
          : this.costWith(shift, -1, job, position) - this.costs[shift]! - gain;
        if (delta < bestDelta) {
          bestDelta = delta;
          best = { shift, position };
        }
      }
    }
    if (!best) return false;
    this.remove(job);
    if (best.shift === THIRD_PARTY) this.placeOf[job] = THIRD_PARTY;
    else this.insert(job, best.shift, best.position);
    return true;
  }

  private swapBetween(a: number, b: number): boolean {
    const width = this.problem.shifts.length;
    let improved = false;
    const chainA = this.chains[a]!;
    const chainB = this.chains[b]!;
    for (let i = 0; i < chainA.length; i++) {
      for (let j = 0; j < chainB.length; j++) {
        const jobA = chainA[i]!;
        const jobB = chainB[j]!;
        if (!this.allowed[jobA * width + b] || !this.allowed[jobB * width + a]) continue;
        const costA = this.costWith(a, i, jobB, i);
        const costB = this.costWith(b, j, jobA, j);
        if (costA + costB - this.costs[a]! - this.costs[b]! < -IMPROVEMENT) {
          chainA[i] = jobB;
          chainB[j] = jobA;
          this.placeOf[jobA] = b;
          this.placeOf[jobB] = a;
          this.costs[a] = costA;
          this.costs[b] = costB;
          improved = true;
        }
      }
    }
    return improved;
  }

  /** `job` (with its 3PL) takes the place of a shift's job that goes to its own 3PL instead. */
  private exchange(job: number): boolean {
    const { jobs } = this.problem;
    const own = jobs[job]!.thirdParty!.cost;
    let bestDelta = -IMPROVEMENT;
    let best: { shift: number; position: number } | null = null;
    for (const shift of jobs[job]!.shifts) {
      const chain = this.chains[shift]!;
      for (let position = 0; position < chain.length; position++) {
        const out = jobs[chain[position]!]!.thirdParty;
        if (!out) continue;
        const delta = this.costWith(shift, position, job, position) - this.costs[shift]! + out.cost - own;
        if (delta < bestDelta) {
          bestDelta = delta;
          best = { shift, position };
        }
      }
    }
    if (!best) return false;
    const chain = this.chains[best.shift]!;
    this.placeOf[chain[best.position]!] = THIRD_PARTY;
    chain[best.position] = job;
    this.placeOf[job] = best.shift;
    this.costs[best.shift] = this.costWith(best.shift, -1, -1, 0);
    return true;
  }

  private insert(job: number, shift: number, position: number): void {
    this.costs[shift] = this.costWith(shift, -1, job, position);
    this.chains[shift]!.splice(position, 0, job);
    this.placeOf[job] = shift;
  }

  private remove(job: number): void {
    const place = this.placeOf[job]!;
    this.placeOf[job] = UNPLANNED;
    if (place < 0) return;
    const chain = this.chains[place]!;
    const position = chain.indexOf(job);
    this.costs[place] = this.costWith(place, position, -1, 0);
    chain.splice(position, 1);
  }

  /** The shift's cost with the job at `removeAt` taken out, then `insert` (≥ 0) put at `insertAt`. */
  private costWith(shift: number, removeAt: number, insert: number, insertAt: number): number {
    const chain = this.chains[shift]!;
    const sequence = this.scratch;
    let length = 0;
    for (let position = 0; position < chain.length; position++) {
      if (position === removeAt) continue;
      if (insert >= 0 && length === insertAt) sequence[length++] = insert;
      sequence[length++] = chain[position]!;
    }
    if (insert >= 0 && length === insertAt) sequence[length++] = insert;
    return chainCostOf(this.problem, this.problem.shifts[shift]!, sequence, length);
  }
}
