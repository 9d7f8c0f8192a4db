// When and by whom each status change of a demo request happened: creation, planning and acceptance a
// couple of hours apart, collection on the ready date, delivery on the deadline; never in the future.
import { MovementRequestStatus, Timeslot } from "@/lib/generated/prisma/client";
import { addHours, utcDate, type StatusStep } from "@/prisma/factories";
import type { DemoOrganisation } from "./context";
import type { DemoRequest } from "./requests";

const S = MovementRequestStatus;
const STEP_GAP_HOURS = 5 / 60;

export function stepInstants(spec: DemoRequest, now: Date): Date[] {
  const created = addHours(now, -spec.createdHoursAgo);
  const collectDay = utcDate(spec.collect, now);
  const candidates = spec.path.map((status, index): Date => {
    switch (status) {
      case S.IN_PROGRESS:
        return addHours(collectDay, spec.collectSlot === Timeslot.PM ? 13 : 9);
      case S.DELIVERED:
        return addHours(utcDate(spec.deliverBy, now), 15);
      case S.ABORTED:
        return addHours(collectDay, spec.path[index - 1] === S.IN_PROGRESS ? 12 : 9);
      case S.CANCELLED:
        return addHours(created, 20);
      default:
        return addHours(created, 2 * index);
    }
  });
  const last = candidates.length - 1;
  const instants: Date[] = [];
  candidates.forEach((candidate, index) => {
    const previous = instants[index - 1];
    const notBefore = previous ? addHours(previous, STEP_GAP_HOURS).getTime() : candidate.getTime();
    const notAfter = addHours(now, -STEP_GAP_HOURS * (last - index + 1)).getTime();
    const instant = new Date(Math.min(Math.max(candidate.getTime(), notBefore), notAfter));
    if (previous && instant <= previous) {
      throw new Error(`${spec.vehicle.vrm}: created too recently for its status path`);
    }
    instants.push(instant);
  });
  return instants;
}

/** Creation by the API key or the dispatcher; planning by the dispatcher; carrier updates by the 3PL. */
export function auditTrail(
  spec: DemoRequest,
  org: DemoOrganisation,
  instants: Date[],
  carriedBy3pl: boolean,
): StatusStep[] {
  const dispatcher = `user:${org.dispatcherEmail}`;
  const creator = spec.createdVia === "ui" ? dispatcher : org.integrationActor;
  const actorOf = (status: MovementRequestStatus, index: number): string => {
    if (index === 0 || status === S.CANCELLED) return creator;
    if (status === S.PLANNED || status === S.PARTIALLY_PLANNED) return dispatcher;
    return carriedBy3pl ? org.operationsActor : dispatcher;
  };
  return spec.path.map((status, index) => ({
    status,
    at: instants[index],
    actor: actorOf(status, index),
    reason:
      status === S.CANCELLED ? spec.cancelReason : status === S.ABORTED ? spec.abort?.reason : undefined,
  }));
}
