// The webhook envelope of the specification ("Events"), built once when the event is recorded; its
// JSON text is then what is signed, delivered and replayed, byte for byte.
import { toDateOnly } from "@/lib/dates";
import type { Driver, Movement, MovementRequest, Site } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { localDateAndOffset } from "@/lib/movement-requests/timeslots";
import type { ProofView } from "@/lib/proofs/proof-schema";

export const ENVELOPE_SCHEMA_VERSION = "1";

export const WEBHOOK_EVENT_TYPES = [
  "movement.collected",
  "movement.delivered",
  "movement.cancelled",
  "movement.aborted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What the envelope reads of a site: where its local time is. */
export type SiteZone = Pick<Site, "timezone" | "countryCode">;
export type LegForEnvelope = Movement & {
  originSite: SiteZone;
  destinationSite: SiteZone;
  driver: Pick<Driver, "firstname" | "surname"> | null;
};

export function buildMovementEnvelope(input: {
  eventType: WebhookEventType;
  request: MovementRequest;
  leg: LegForEnvelope;
  occurredAt: Date;
  /** The carrier's proof of this collection or delivery (extension), when one was recorded. */
  proof?: ProofView | null;
}): { eventId: string; envelope: string } {
  const { eventType, request, leg, occurredAt, proof } = input;
  // Where it happened: the destination for a delivery, the origin otherwise (extensions section 4).
  const site = eventType === "movement.delivered" ? leg.destinationSite : leg.originSite;
  const eventId = newId();
  const date = (value: Date | null) => (value ? toDateOnly(value) : undefined);
  const movement = {
    id: leg.id,
    movementRequestId: request.id,
    status: leg.status,
    version: leg.version,
    vin: request.vin ?? undefined,
    vrm: request.vrm ?? undefined,
    make: request.make ?? undefined,
    model: request.model ?? undefined,
    modelVariant: request.modelVariant ?? undefined,
    businessArea: request.businessArea,
    transportMethod: request.transportMethod,
    notes: request.notes ?? undefined,
    confirmedBy: request.confirmedBy ?? undefined,
    originSiteId: leg.originSiteId,
    originScheduledOn: date(leg.originScheduledOn),
    originScheduledTimeslot: leg.originScheduledTimeslot ?? undefined,
    originPredictedOn: date(leg.originPredictedOn),
    originPredictedTimeslot: leg.originPredictedTimeslot ?? undefined,
    destinationSiteId: leg.destinationSiteId,
    destinationScheduledOn: date(leg.destinationScheduledOn),
    destinationScheduledTimeslot: leg.destinationScheduledTimeslot ?? undefined,
    destinationPredictedOn: date(leg.destinationPredictedOn),
    destinationPredictedTimeslot: leg.destinationPredictedTimeslot ?? undefined,
    driverName: leg.driver ? `${leg.driver.firstname} ${leg.driver.surname}` : undefined,
    ...(eventType === "movement.collected" ? { originActualOn: date(leg.originActualOn) } : {}),
    ...(eventType === "movement.delivered" ? { destinationActualOn: date(leg.destinationActualOn) } : {}),
    // The reason only, from its closed set; the free-text detail is never published.
    ...(eventType === "movement.aborted" && leg.abortReason ? { abortReason: leg.abortReason } : {}),
  };
  const envelope = {
    schemaVersion: ENVELOPE_SCHEMA_VERSION,
    eventId,
    occurredAt: occurredAt.toISOString(),
    occurredAtLocal: localDateAndOffset(occurredAt, resolveSiteTimeZone(site)).isoLocal,
    reference: request.externalVehicleId ?? undefined,
    eventType,
    movement,
    ...(proof ? { proof } : {}),
  };
  // JSON.stringify leaves out undefined members: optional fields are absent, never null.
  return { eventId, envelope: JSON.stringify(envelope) };
}
