// The webhook envelope of the specification ("Events"), built once when the event is recorded; its
// JSON text is then what is signed, delivered and replayed, byte for byte.
import { toDateOnly } from "@/lib/dates";
import type { Driver, Movement, MovementRequest, Site } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { resolveSiteTimeZone } from "@/lib/infrastructure/site-time-zone";
import { localDateAndOffset } from "@/lib/dates";
import type { ProofView } from "@/lib/proofs/proof-schema";
import type { MarketplaceProvider } from "@/lib/schemas/movement-wire";

export const ENVELOPE_SCHEMA_VERSION = "1";

export const WEBHOOK_EVENT_TYPES = [
  "movement.collected",
  "movement.delivered",
  "movement.cancelled",
  "movement.aborted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Extension event types an endpoint receives only when it names them: an endpoint subscribed to "all"
 * (an empty list) was written against the specification's four, and must not start receiving a shape
 * it has never seen. They are never in the events replay either (docs/api.md, "movement.at_risk").
 */
export const OPT_IN_EVENT_TYPES = [
  "movement.at_risk",
  "movement.eta_changed",
  // Issue 37: a prep job's reconditioning work items (lib/recon/webhook-envelopes.ts builds them).
  "prep_job.work_item_changed",
  "prep_job.estimate_awaiting_approval",
] as const;
export type OptInEventType = (typeof OPT_IN_EVENT_TYPES)[number];
export const SUBSCRIBABLE_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...OPT_IN_EVENT_TYPES] as const;
export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

/** The types an endpoint is sent: the ones it names, or the specification's four when it names none. */
export function deliverableEventTypes(subscribed: readonly string[]): readonly string[] {
  return subscribed.length > 0 ? subscribed : WEBHOOK_EVENT_TYPES;
}

/** What the envelope reads of a site: where its local time is. */
export type SiteZone = Pick<Site, "timezone" | "countryCode">;
export type LegForEnvelope = Movement & {
  originSite: SiteZone;
  destinationSite: SiteZone;
  driver: Pick<Driver, "firstname" | "surname"> | null;
  /** The marketplace carrier on the leg and its agreed price (record-movement-event.ts reads it). */
  marketplaceProvider?: MarketplaceProvider | null;
};

/** The events that name the marketplace carrier, as they carry its proof. */
const PROVIDER_EVENTS = new Set<string>(["movement.collected", "movement.delivered"]);

export function buildMovementEnvelope(input: {
  eventType: WebhookEventType;
  request: MovementRequest;
  leg: LegForEnvelope;
  occurredAt: Date;
  /** The carrier's proof of this collection or delivery (extension), when one was recorded. */
  proof?: ProofView | null;
}): { eventId: string; envelope: string } {
  const envelope = movementEnvelopeObject(input);
  // JSON.stringify leaves out undefined members: optional fields are absent, never null.
  return { eventId: envelope.eventId, envelope: JSON.stringify(envelope) };
}

/** The envelope as an object, for the builders that add members of their own (at-risk-envelope.ts). */
export function movementEnvelopeObject(input: {
  eventType: SubscribableEventType;
  request: MovementRequest;
  leg: LegForEnvelope;
  occurredAt: Date;
  proof?: ProofView | null;
}) {
  const { eventType, request, leg, occurredAt, proof } = input;
  // Where it happened: the destination for a delivery (and for an arrival at risk or re-estimated), the
  // origin otherwise (extensions section 4).
  const atDestination =
    eventType === "movement.delivered" ||
    eventType === "movement.at_risk" ||
    eventType === "movement.eta_changed";
  const site = atDestination ? leg.destinationSite : leg.originSite;
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
  return {
    schemaVersion: ENVELOPE_SCHEMA_VERSION,
    eventId,
    occurredAt: occurredAt.toISOString(),
    occurredAtLocal: localDateAndOffset(occurredAt, resolveSiteTimeZone(site)).isoLocal,
    reference: request.externalVehicleId ?? undefined,
    eventType,
    movement,
    ...(proof ? { proof } : {}),
    // Who did it, when a marketplace carrier did (extension): as the request's provider names it.
    ...(leg.marketplaceProvider && PROVIDER_EVENTS.has(eventType)
      ? { provider: leg.marketplaceProvider }
      : {}),
  };
}
