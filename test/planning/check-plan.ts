// A proposed plan checked against its input from the outside, rule by rule (the property tests, the
// integration tests and the benchmark): each request once; the specification's timeslots; every chain
// within its driver's hours at home, with time to get from each delivery to the next collection; the
// 3PLs' rate-card prices; the totals' counts. Returns what is wrong, empty when nothing is.
import { TZDate } from "@date-fns/tz";
import { fromDateOnly, localDate, WEEKDAYS } from "@/lib/dates";
import { deadlineOf, readyAt } from "@/lib/movement-requests/at-risk/request-times";
import { estimateCost, greatCircleDistanceKm } from "@/lib/movement-requests/pricing";
import type { Place, PlanBody, PlanningInput, PlanningRequest } from "@/lib/planning/model";
import { moveDurationMs, repositionMs, roadKm } from "@/lib/planning/travel";

const MINUTE = 60_000;

export function checkPlan(input: PlanningInput, plan: PlanBody): string[] {
  const problems: string[] = [];
  const requests = new Map(input.requests.map((request) => [request.id, request]));
  const seen = new Map<string, number>();
  const count = (id: string) => seen.set(id, (seen.get(id) ?? 0) + 1);
  plan.drivers.forEach((chain) => chain.moves.forEach((move) => count(move.requestId)));
  plan.thirdParty.forEach((entry) => count(entry.requestId));
  plan.unplanned.forEach((entry) => count(entry.requestId));
  for (const request of input.requests) {
    if (seen.get(request.id) !== 1) problems.push(`${request.id} appears ${seen.get(request.id) ?? 0} times`);
  }
  for (const id of seen.keys()) if (!requests.has(id)) problems.push(`${id} was not asked for`);

  let late = 0;
  for (const chain of plan.drivers) {
    const driver = input.drivers.find((candidate) => candidate.id === chain.driverId);
    if (!driver) {
      problems.push(`${chain.driverId} is no driver`);
      continue;
    }
    const zone = driver.home.timeZone ?? "UTC";
    const reposition = (from: Place, to: Place) =>
      repositionMs(roadKm(from, to), input.settings.repositioning);
    let previous: { request: PlanningRequest; deliverAt: number; day: string; end: number } | null = null;
    const homeInTime = () => {
      if (
        previous &&
        previous.deliverAt + reposition(previous.request.destination, driver.home) > previous.end
      ) {
        problems.push(`${driver.id} is home after their hours on ${previous.day}`);
      }
    };
    for (const move of chain.moves) {
      const request = requests.get(move.requestId);
      if (!request) continue;
      const collectAt = Date.parse(move.collectAt);
      const deliverAt = Date.parse(move.deliverAt);
      problems.push(...timeslotProblems(request, collectAt, deliverAt, move.lateMinutes));
      if (move.lateMinutes > 0) late++;
      if (!driver.transportMethods.includes(request.transportMethod)) {
        problems.push(`${driver.id} may not move ${request.id} ${request.transportMethod}`);
      }
      if (deliverAt - collectAt < moveDurationMs(request, input.laneDurations)) {
        problems.push(`${request.id} is delivered sooner than the road allows`);
      }
      const day = localDate(new Date(collectAt), zone);
      const hours = driver.workingHours[WEEKDAYS[fromDateOnly(day).getUTCDay()]!];
      if (!hours || driver.daysOff.includes(day) || day < input.from || day > input.to) {
        problems.push(`${driver.id} does not work on ${day} (${request.id})`);
        continue;
      }
      if (previous && previous.day === day) {
        if (collectAt < previous.deliverAt + reposition(previous.request.destination, request.origin)) {
          problems.push(`${driver.id}'s chain overlaps itself at ${request.id}`);
        }
      } else {
        homeInTime();
        if (collectAt < atClock(day, hours.start, zone) + reposition(driver.home, request.origin)) {
          problems.push(`${driver.id} collects ${request.id} before their hours allow`);
        }
      }
      previous = { request, deliverAt, day, end: atClock(day, hours.end, zone) };
    }
    homeInTime();
  }

  for (const entry of plan.thirdParty) {
    const request = requests.get(entry.requestId);
    if (!request) continue;
    const provider = input.providers.find((candidate) => candidate.id === entry.providerId);
    const card = provider?.rateCards.find((rate) => rate.transportMethod === request.transportMethod);
    if (
      !provider ||
      !card ||
      !provider.profileIds.includes(request.profileId) ||
      !provider.transportMethods.includes(request.transportMethod)
    ) {
      problems.push(`${entry.providerId} may not carry ${request.id}`);
      continue;
    }
    const price = estimateCost(card, greatCircleDistanceKm(request.origin, request.destination));
    if (price?.centAmount !== entry.priceCents || entry.currency !== input.settings.currencyCode) {
      problems.push(`${request.id}'s 3PL price is not its rate card's`);
    }
    if (entry.lateMinutes > 0) late++;
  }
  for (const entry of plan.unplanned) {
    const request = requests.get(entry.requestId);
    if (!request) continue;
    const carrier = input.providers.some(
      (provider) =>
        provider.profileIds.includes(request.profileId) &&
        provider.rateCards.some(
          (card) =>
            card.transportMethod === request.transportMethod &&
            card.currencyCode === input.settings.currencyCode,
        ) &&
        provider.transportMethods.includes(request.transportMethod),
    );
    if (carrier) problems.push(`${request.id} is unplanned though a 3PL could carry it`);
  }
  if (plan.totals.lateRequests !== late) {
    problems.push(`totals.lateRequests ${plan.totals.lateRequests}, counted ${late}`);
  }
  return problems;
}

/** Collected no sooner than the ready slot; late minutes as the deadline says; on the date when it must. */
function timeslotProblems(
  request: PlanningRequest,
  collectAt: number,
  deliverAt: number,
  lateMinutes: number,
): string[] {
  const problems: string[] = [];
  const ready = readyAt(
    fromDateOnly(request.readyToCollectFromDate),
    request.readyToCollectFromTimeslot,
    request.origin.timeZone,
  ).getTime();
  if (collectAt < ready) problems.push(`${request.id} is collected before its ready slot`);
  const deadline = deadlineOf(
    fromDateOnly(request.deliveryByDate),
    request.deliveryByTimeslot,
    request.deliveryByTime,
    request.destination.timeZone,
  ).getTime();
  if (lateMinutes !== Math.ceil(Math.max(0, deliverAt - deadline) / MINUTE)) {
    problems.push(`${request.id}'s late minutes do not match its deadline`);
  }
  if (request.deliverOnSpecifiedDate && lateMinutes === 0) {
    const zone = request.destination.timeZone;
    if (localDate(new Date(deliverAt), zone) !== request.deliveryByDate) {
      problems.push(`${request.id} must be delivered on ${request.deliveryByDate}`);
    }
    const pmOnly =
      request.deliveryByTimeslot === "PM" && !(request.deliveryByTime && request.deliveryByTime < "12:00");
    if (pmOnly && atClock(request.deliveryByDate, "12:00", zone ?? "UTC") > deliverAt) {
      problems.push(`${request.id} must be delivered in the PM slot`);
    }
  }
  return problems;
}

function atClock(day: string, time: string, zone: string): number {
  const [year, month, date] = day.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return new TZDate(year!, month! - 1, date!, hour!, minute!, zone).getTime();
}
