// The planner's input compiled to numbers: requests become jobs with their windows and their best 3PL,
// drivers become shifts, sites become indices into two matrices (repositioning time, empty kilometres).
// The solver and the exact check on small pools (test/planning/) both work on this one model.
import { fromDateOnly } from "@/lib/dates";
import { fallbackDurations, laneKey } from "@/lib/movement-requests/at-risk/usual-durations";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import type { Place, PlanningInput, PlanningRequest, TransportMethod } from "@/lib/planning/model";
import { driverShifts } from "@/lib/planning/shifts";
import { requestWindows } from "@/lib/planning/time-windows";
import { moveDurationMs, repositionMs, roadKm } from "@/lib/planning/travel";

const DAY_MS = 86_400_000;
const HOUR = 3_600_000;

export type ThirdPartyOption = {
  providerId: string;
  priceCents: number;
  /** A 3PL collects and delivers in its usual time (the at-risk rule's), whoever it is. */
  lateMs: number;
  /** Price plus the lateness penalty: what the objective counts. */
  cost: number;
};

export type Job = {
  request: PlanningRequest;
  origin: number;
  destination: number;
  collectFrom: number;
  deliverBy: number;
  deliverFrom: number;
  moveMs: number;
  thirdParty: ThirdPartyOption | null;
  /** Shifts whose driver may move it and that could carry it alone, no more than a day late. */
  shifts: number[];
};

export type Shift = {
  driverId: string;
  day: string;
  start: number;
  end: number;
  home: number;
  methods: readonly TransportMethod[];
  costPerMs: number;
};

export type Problem = {
  jobs: Job[];
  shifts: Shift[];
  locations: number;
  /** [from × locations + to] */
  repositionMs: Float64Array;
  emptyKm: Float64Array;
  penaltyPerMs: number;
  chaseCarCostPerKm: number;
  currency: string;
  /** What the organisation's drivers may move between them, shifts or not (an unplanned job's reason). */
  driverMethods: ReadonlySet<TransportMethod>;
};

export function compileProblem(input: PlanningInput): Problem {
  const places = new Map<string, { index: number; place: Place }>();
  const indexOf = (place: Place) => {
    const known = places.get(place.siteId);
    if (known) return known.index;
    places.set(place.siteId, { index: places.size, place });
    return places.size - 1;
  };
  const notBefore = input.notBefore ?? -Infinity;
  const shifts: Shift[] = input.drivers.flatMap((driver) =>
    driverShifts(driver, input.from, input.to).flatMap((shift) => {
      if (shift.end <= notBefore) return [];
      return [
        {
          driverId: driver.id,
          ...shift,
          start: Math.max(shift.start, notBefore),
          home: indexOf(driver.home),
          methods: driver.transportMethods,
          costPerMs: (driver.costPerHourCents ?? input.settings.defaultDriverCostPerHourCents) / HOUR,
        },
      ];
    }),
  );
  const jobs: Job[] = input.requests.map((request) => {
    const windows = requestWindows(request);
    windows.collectFrom = Math.max(windows.collectFrom, notBefore);
    return {
      request,
      origin: indexOf(request.origin),
      destination: indexOf(request.destination),
      ...windows,
      moveMs: moveDurationMs(request, input.laneDurations),
      thirdParty: bestThirdParty(input, request, windows),
      shifts: [],
    };
  });
  const { settings } = input;
  const problem: Problem = {
    jobs,
    shifts,
    locations: places.size,
    ...matrices(
      [...places.values()].map((entry) => entry.place),
      settings.repositioning,
    ),
    penaltyPerMs: settings.latenessPenaltyPerHourCents / HOUR,
    chaseCarCostPerKm:
      settings.repositioning.mode === "CHASE_CAR" ? settings.repositioning.costPerKmCents : 0,
    currency: settings.currencyCode,
    driverMethods: new Set(input.drivers.flatMap((driver) => driver.transportMethods)),
  };
  const horizonStart = fromDateOnly(input.from).getTime();
  jobs.forEach((job, index) => (job.shifts = candidateShifts(problem, index, horizonStart)));
  return problem;
}

/** The cheapest 3PL of the request's profile that carries its method at a price in the currency. */
function bestThirdParty(
  input: PlanningInput,
  request: PlanningRequest,
  windows: { collectFrom: number; deliverBy: number },
): ThirdPartyOption | null {
  const usual = fallbackDurations(request.transportMethod, request.origin, request.destination);
  const inTransit =
    input.laneDurations.get(
      laneKey(request.origin.siteId, request.destination.siteId, request.transportMethod),
    ) ?? usual.inTransit;
  const lateMs = Math.max(0, windows.collectFrom + usual.toCollection + inTransit - windows.deliverBy);
  const penalty = (lateMs * input.settings.latenessPenaltyPerHourCents) / HOUR;
  let best: ThirdPartyOption | null = null;
  for (const provider of input.providers) {
    if (!provider.profileIds.includes(request.profileId)) continue;
    if (!provider.transportMethods.includes(request.transportMethod)) continue;
    const card = provider.rateCards.find((rate) => rate.transportMethod === request.transportMethod);
    if (!card || card.currencyCode !== input.settings.currencyCode) continue;
    // The price sendToThirdPartyLogistics records on accepting: the same card, the same distance.
    const price = estimateCost(card, greatCircleDistanceKm(request.origin, request.destination));
    if (!price) continue;
    const cost = price.centAmount + penalty;
    if (!best || cost < best.cost) {
      best = { providerId: provider.id, priceCents: price.centAmount, lateMs, cost };
    }
  }
  return best;
}

function matrices(places: Place[], repositioning: PlanningInput["settings"]["repositioning"]) {
  const count = places.length;
  const emptyKm = new Float64Array(count * count);
  const reposition = new Float64Array(count * count);
  places.forEach((from, i) =>
    places.forEach((to, j) => {
      const km = roadKm(from, to);
      emptyKm[i * count + j] = km;
      reposition[i * count + j] = repositionMs(km, repositioning);
    }),
  );
  return { emptyKm, repositionMs: reposition };
}

function candidateShifts(problem: Problem, jobIndex: number, horizonStart: number): number[] {
  const job = problem.jobs[jobIndex]!;
  const latestStart = Math.max(job.deliverBy, horizonStart) + DAY_MS;
  const alone = [jobIndex];
  const candidates: number[] = [];
  problem.shifts.forEach((shift, index) => {
    if (!shift.methods.includes(job.request.transportMethod)) return;
    if (shift.end <= job.collectFrom || shift.start >= latestStart) return;
    if (Number.isFinite(chainCostOf(problem, shift, alone, 1))) candidates.push(index);
  });
  return candidates;
}

export type ChainDetail = {
  collect: number[];
  deliver: number[];
  paidMs: number;
  emptyKm: number;
  lateMs: number[];
};

/**
 * What a shift costs with these jobs in this order (Infinity when the driver cannot be home by the end
 * of the shift). The driver leaves home as late as the first collection allows, waits where a vehicle is
 * not ready yet (paid), and waits with the vehicle when it must be delivered on its date.
 */
export function chainCostOf(
  problem: Problem,
  shift: Shift,
  sequence: ArrayLike<number>,
  length: number,
  detail?: ChainDetail,
): number {
  if (length === 0) return 0;
  const { jobs, locations, repositionMs: reposition, emptyKm } = problem;
  const first = jobs[sequence[0]!]!;
  const departure = Math.max(
    shift.start,
    first.collectFrom - reposition[shift.home * locations + first.origin]!,
  );
  let time = departure;
  let at = shift.home;
  let empty = 0;
  let late = 0;
  for (let position = 0; position < length; position++) {
    const job = jobs[sequence[position]!]!;
    time += reposition[at * locations + job.origin]!;
    empty += emptyKm[at * locations + job.origin]!;
    if (time < job.collectFrom) time = job.collectFrom;
    const collect = time;
    time += job.moveMs;
    if (time < job.deliverFrom) time = job.deliverFrom;
    const lateMs = Math.max(0, time - job.deliverBy);
    late += lateMs;
    if (detail) {
      detail.collect.push(collect);
      detail.deliver.push(time);
      detail.lateMs.push(lateMs);
    }
    at = job.destination;
  }
  time += reposition[at * locations + shift.home]!;
  empty += emptyKm[at * locations + shift.home]!;
  if (time > shift.end) return Infinity;
  if (detail) {
    detail.paidMs = time - departure;
    detail.emptyKm = empty;
  }
  return (
    (time - departure) * shift.costPerMs + empty * problem.chaseCarCostPerKm + late * problem.penaltyPerMs
  );
}
