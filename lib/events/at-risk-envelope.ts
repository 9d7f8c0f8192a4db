// The `movement.at_risk` webhook (issue 17, an extension): a movement request entered or left "at risk"
// (docs/at-risk.md). The envelope is the movement envelope of the request's current leg, plus `risk`:
// whether it is at risk now, and the expected arrival and the deadline at the destination's offset.
import { movementEnvelopeObject, type LegForEnvelope } from "@/lib/events/movement-envelope";
import type { MovementRequest } from "@/lib/generated/prisma/client";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { localDateAndOffset } from "@/lib/dates";

export const AT_RISK_WEBHOOK_EVENT = "movement.at_risk";

export function buildAtRiskEnvelope(input: {
  request: MovementRequest;
  leg: LegForEnvelope;
  occurredAt: Date;
  atRisk: boolean;
  expectedArrival: Date;
  deadline: Date;
}): { eventId: string; envelope: string } {
  const { request, leg, occurredAt } = input;
  const envelope = movementEnvelopeObject({ eventType: AT_RISK_WEBHOOK_EVENT, request, leg, occurredAt });
  const zone = resolveSiteTimeZone(leg.destinationSite);
  const risk = {
    atRisk: input.atRisk,
    expectedArrivalAtLocal: localDateAndOffset(input.expectedArrival, zone).isoLocal,
    deadlineAtLocal: localDateAndOffset(input.deadline, zone).isoLocal,
  };
  return { eventId: envelope.eventId, envelope: JSON.stringify({ ...envelope, risk }) };
}
