// The worker's at-risk pass (issue 17), once a minute: every open request is measured against the rule
// (at-risk-rule.ts). A request entering or leaving "at risk" gets, in one transaction with the flag, an
// audit entry and an internal event, whose notification refreshes open boards. One instance runs it at
// a time, whatever the number of workers: a transaction-scoped advisory lock, skipped when held. The flip
// is also published as the opt-in webhook movement.at_risk (lib/events/at-risk-envelope.ts). The
// dispatchers' hourly digest is written in the same pass (at-risk-digest.ts).
import { sql, transaction, type Kdb } from "@/lib/db";
import { AT_RISK_WEBHOOK_EVENT, buildAtRiskEnvelope } from "@/lib/events/at-risk-envelope";
import { recordEvent } from "@/lib/events/record-event";
import { readCurrentLegForEnvelope } from "@/lib/movement-requests/record-movement-event";
import { newId } from "@/lib/ids";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { expectedArrival } from "@/lib/movement-requests/at-risk/at-risk-rule";
import { sendAtRiskDigests } from "@/lib/movement-requests/at-risk/at-risk-digest";
import { deadlineOf, readyAt } from "@/lib/movement-requests/at-risk/request-times";
import {
  readOpenRequests,
  usualDurationsFor,
  type OpenRequest,
} from "@/lib/movement-requests/at-risk/open-requests";
import { TERMINAL_STATUSES } from "@/lib/movement-requests/transitions";

/** pg_try_advisory_xact_lock's key: "at-risk" as a number no other lock of ours uses. */
export const AT_RISK_LOCK = 0x617472_69736b;
/** An expected arrival that moved less than this is not written again. */
const ARRIVAL_WRITE_STEP_MS = 15 * 60_000;

export const AT_RISK_EVENT = "movement_request.at_risk";
export const BACK_ON_TRACK_EVENT = "movement_request.back_on_track";

export type AtRiskPass = { evaluated: number; nowAtRisk: number; backOnTrack: number; digests: number };

/** Null when another instance holds the lock (it is doing this pass). */
export async function evaluateAtRisk(now: Date = new Date()): Promise<AtRiskPass | null> {
  return transaction(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${AT_RISK_LOCK}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return null;
    // Delivered, cancelled or aborted since the last pass: no longer at risk (the partial index holds
    // only the flagged requests).
    await trx
      .updateTable("MovementRequest")
      .set({ atRiskSince: null, expectedArrivalAt: null })
      .where("atRiskSince", "is not", null)
      .where("status", "in", [...TERMINAL_STATUSES])
      .execute();
    const requests = await readOpenRequests(trx);
    const pass: AtRiskPass = { evaluated: requests.length, nowAtRisk: 0, backOnTrack: 0, digests: 0 };
    for (const request of requests) {
      const { durations: usual } = await usualDurationsFor(trx, request, now);
      const originZone = resolveSiteTimeZone(request.origin);
      const destinationZone = resolveSiteTimeZone(request.destination);
      const deadline = deadlineOf(
        request.deliveryByDate,
        request.deliveryByTimeslot,
        request.deliveryByTime,
        destinationZone,
      );
      // Past its deadline it is late, which the board says already: its flag is left as it was, so
      // that it neither enters "at risk" now nor is announced back on track.
      if (now.getTime() > deadline.getTime()) continue;
      const arrival = expectedArrival({
        status: request.status,
        readyAt: readyAt(request.readyToCollectFromDate, request.readyToCollectFromTimeslot, originZone),
        deadline,
        statusSince: request.statusSince ?? request.createdAt,
        usual,
        now,
      });
      if (!arrival) continue;
      const atRisk = arrival.getTime() > deadline.getTime();
      const flipped = atRisk !== (request.atRiskSince !== null);
      const arrivalMoved =
        request.expectedArrivalAt === null ||
        Math.abs(request.expectedArrivalAt.getTime() - arrival.getTime()) >= ARRIVAL_WRITE_STEP_MS;
      if (!flipped && !arrivalMoved) continue;
      if (flipped) {
        const written = await recordFlip(trx, request, { atRisk, arrival, deadline, now });
        if (written) pass[atRisk ? "nowAtRisk" : "backOnTrack"] += 1;
      } else {
        await trx
          .updateTable("MovementRequest")
          .set({ expectedArrivalAt: arrival })
          .where("id", "=", request.id)
          .where("version", "=", request.version)
          .execute();
      }
    }
    pass.digests = await sendAtRiskDigests(trx, now, [AT_RISK_EVENT, BACK_ON_TRACK_EVENT]);
    return pass;
  });
}

async function recordFlip(
  trx: Kdb,
  request: OpenRequest,
  { atRisk, arrival, deadline, now }: { atRisk: boolean; arrival: Date; deadline: Date; now: Date },
): Promise<boolean> {
  // Only if the request has not changed since it was read: a transition in between is measured next time.
  const updated = await trx
    .updateTable("MovementRequest")
    .set((eb) => ({
      atRiskSince: atRisk ? now : null,
      expectedArrivalAt: arrival,
      version: eb("version", "+", 1),
    }))
    .where("id", "=", request.id)
    .where("version", "=", request.version)
    .returningAll()
    .executeTakeFirst();
  if (!updated) return false;
  const reason = atRisk
    ? `At risk: expected ${arrival.toISOString()}, due ${deadline.toISOString()}`
    : `Back on track: expected ${arrival.toISOString()}, due ${deadline.toISOString()}`;
  await trx
    .insertInto("MovementRequestStatusChange")
    .values({
      id: newId(),
      movementRequestId: request.id,
      fromStatus: request.status,
      toStatus: request.status,
      actor: "system",
      reason,
      occurredAt: now,
    })
    .execute();
  await recordEvent(trx, {
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: atRisk ? AT_RISK_EVENT : BACK_ON_TRACK_EVENT,
    resourceType: "movement_request",
    resourceId: request.id,
    resourceVersion: updated.version,
    occurredAt: now,
    payload: {
      actor: "system",
      status: request.status,
      expectedArrival: arrival.toISOString(),
      deadline: deadline.toISOString(),
    },
  });
  // The webhook (an opt-in extension type): its own event, since the internal one is not published.
  const { eventId, envelope } = buildAtRiskEnvelope({
    request: updated,
    leg: await readCurrentLegForEnvelope(trx, request.id),
    occurredAt: now,
    atRisk,
    expectedArrival: arrival,
    deadline,
  });
  await recordEvent(trx, {
    id: eventId,
    organisationId: request.organisationId,
    profileId: request.profileId,
    type: AT_RISK_WEBHOOK_EVENT,
    resourceType: "movement_request",
    resourceId: request.id,
    resourceVersion: updated.version,
    occurredAt: now,
    payload: { atRisk, status: request.status },
    envelope,
  });
  return true;
}
