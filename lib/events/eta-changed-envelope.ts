// The `movement.eta_changed` webhook (issue 35 §3, an opt-in extension): a movement request's estimated
// arrival window moved by 30 minutes or more at either end since it was last published
// (docs/tracking.md). The envelope is the movement envelope of the request's current leg, plus
// `estimatedArrival` (the window now and the one before, at the destination's offset, with its basis).
import { movementEnvelopeObject, type LegForEnvelope } from "@/lib/events/movement-envelope";
import type { MovementRequest } from "@/lib/generated/prisma/client";
import type { EtaBasis } from "@/lib/generated/prisma/enums";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { localDateAndOffset } from "@/lib/dates";

export const ETA_CHANGED_WEBHOOK_EVENT = "movement.eta_changed";

type Window = { earliest: Date; latest: Date };

export function buildEtaChangedEnvelope(input: {
  request: MovementRequest;
  leg: LegForEnvelope;
  occurredAt: Date;
  window: Window & { basis: EtaBasis };
  previous: Window;
}): { eventId: string; envelope: string } {
  const { request, leg, occurredAt, window, previous } = input;
  const envelope = movementEnvelopeObject({ eventType: ETA_CHANGED_WEBHOOK_EVENT, request, leg, occurredAt });
  const zone = resolveSiteTimeZone(leg.destinationSite);
  const local = (instant: Date) => localDateAndOffset(instant, zone).isoLocal;
  const estimatedArrival = {
    earliest: local(window.earliest),
    latest: local(window.latest),
    basis: window.basis,
    previousEarliest: local(previous.earliest),
    previousLatest: local(previous.latest),
  };
  return { eventId: envelope.eventId, envelope: JSON.stringify({ ...envelope, estimatedArrival }) };
}
