// "Send a test event" (Integrations page): a synthetic movement envelope (or, for a recon event type, a
// synthetic work item's: lib/recon/webhook-envelopes.ts), delivered to ONE endpoint, the
// way a real event is (signed, retried, in the attempt log), so that an integrator can check their
// receiver end to end.
//
// A delivery needs an Event row (WebhookDelivery.eventId), so the test event is one — but one that no
// consumer mistakes for a real movement:
// - resourceType "webhook_test" (never a real resource type), so the live UI's stream, which asks for
//   its own resource types, never sees it;
// - one delivery, to the chosen endpoint only: no fan-out through enqueueDeliveriesForEvent;
// - the envelope is marked: reference "test-event", movement ids "test_…", a note saying so;
// - the events replay (GET /v1/movement-requests/events) and the endpoint replay leave resourceType
//   "webhook_test" out (docs/ui-integrations.md, "Test events").
import { z } from "zod";
import { toDateOnly } from "@/lib/dates";
import { kysely, transaction } from "@/lib/db";
import { announceEvent } from "@/lib/events/event-wakeups";
import { AT_RISK_WEBHOOK_EVENT } from "@/lib/events/at-risk-envelope";
import { ETA_CHANGED_WEBHOOK_EVENT } from "@/lib/events/eta-changed-envelope";
import {
  ENVELOPE_SCHEMA_VERSION,
  SUBSCRIBABLE_EVENT_TYPES,
  deliverableEventTypes,
  type SubscribableEventType,
} from "@/lib/events/movement-envelope";
import { AppError } from "@/lib/errors/app-error";
import { newId } from "@/lib/ids";
import { LEG_TRANSITIONS, type LegStatus } from "@/lib/movement-requests/leg-transitions";
import { LEG_INITIAL_STATUS } from "@/lib/schemas/movement-wire";
import {
  buildTestReconEnvelope,
  RECON_WEBHOOK_EVENTS,
  type ReconWebhookEvent,
} from "@/lib/recon/webhook-envelopes";
import { getWebhookEndpointOrThrow, type WebhookScope } from "@/lib/webhooks/get-endpoint-or-throw";

/** The Event.resourceType of test events: excluded from every replay. */
export const WEBHOOK_TEST_RESOURCE_TYPE = "webhook_test";
/** The envelope's `reference` of a test event. */
export const TEST_EVENT_REFERENCE = "test-event";
export const TEST_EVENT_NOTE = "Test event sent from the Integrations page. Not a real movement.";

export const sendTestEventBody = z.strictObject({
  eventType: z.enum(SUBSCRIBABLE_EVENT_TYPES).optional(),
});
export type SendTestEventBody = z.infer<typeof sendTestEventBody>;

export type SentTestEvent = { eventId: string; deliveryId: string; eventType: SubscribableEventType };

export async function sendWebhookTestEvent(
  scope: WebhookScope,
  endpointId: string,
  body: SendTestEventBody = {},
  now: Date = new Date(),
): Promise<SentTestEvent> {
  return transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(tx, scope, endpointId);
    if (!endpoint.enabled) {
      throw new AppError(
        "VALIDATION_ERROR",
        "The endpoint is disabled: enable it first, then send the test event.",
      );
    }
    const eventType = body.eventType ?? defaultTestEventType(endpoint.eventTypes);
    if (!deliverableEventTypes(endpoint.eventTypes).includes(eventType)) {
      throw new AppError("VALIDATION_ERROR", `The endpoint does not subscribe to ${eventType} events.`, {
        errors: [{ path: "eventType", message: "Not one of the endpoint's event types" }],
      });
    }
    const profile = await tx
      .selectFrom("Profile")
      .select("organisationId")
      .where("id", "=", endpoint.profileId)
      .executeTakeFirstOrThrow();
    const eventId = newId();
    const movementId = `test_${newId()}`;
    await tx
      .insertInto("Event")
      .values({
        id: eventId,
        organisationId: profile.organisationId,
        profileId: endpoint.profileId,
        type: eventType,
        resourceType: WEBHOOK_TEST_RESOURCE_TYPE,
        // The synthetic movement's id is new every time, so (resourceType, resourceId, version, type)
        // stays unique.
        resourceId: movementId,
        resourceVersion: 1,
        occurredAt: now,
        payload: JSON.stringify({ test: true, endpointId: endpoint.id }),
        envelope: isReconEvent(eventType)
          ? buildTestReconEnvelope({
              eventId,
              eventType,
              resourceId: movementId,
              occurredAt: now,
              note: TEST_EVENT_NOTE,
            })
          : buildTestEnvelope({ eventId, eventType, movementId, occurredAt: now }),
      })
      .execute();
    const deliveryId = newId();
    await tx
      .insertInto("WebhookDelivery")
      .values({
        id: deliveryId,
        organisationId: endpoint.organisationId,
        endpointId: endpoint.id,
        eventId,
        nextAttemptAt: now,
      })
      .execute();
    // Wakes the workers at commit, as for any event.
    await announceEvent(tx, { organisationId: profile.organisationId });
    return { eventId, deliveryId, eventType };
  });
}

function isReconEvent(eventType: SubscribableEventType): eventType is ReconWebhookEvent {
  return (RECON_WEBHOOK_EVENTS as readonly string[]).includes(eventType);
}

/** movement.collected unless the endpoint does not take it; then its first type. */
export function defaultTestEventType(subscribed: string[]): SubscribableEventType {
  const deliverable = deliverableEventTypes(subscribed);
  return SUBSCRIBABLE_EVENT_TYPES.find((type) => deliverable.includes(type)) ?? "movement.collected";
}

/**
 * The status each event leaves a leg in, from the leg table; an arrival at risk is not collected yet,
 * a re-estimated one is on the road.
 */
const STATUS_AFTER = {
  ...Object.fromEntries(
    Object.values(LEG_TRANSITIONS).flatMap((rule) => (rule.event && rule.to ? [[rule.event, rule.to]] : [])),
  ),
  [AT_RISK_WEBHOOK_EVENT]: LEG_INITIAL_STATUS,
  [ETA_CHANGED_WEBHOOK_EVENT]: "IN_PROGRESS",
} as Record<SubscribableEventType, LegStatus>;

/** An envelope of the published shape (lib/events/envelope-schema.ts), with obviously fake data. */
export function buildTestEnvelope(input: {
  eventId: string;
  eventType: SubscribableEventType;
  movementId: string;
  occurredAt: Date;
}): string {
  const { eventId, eventType, movementId, occurredAt } = input;
  const today = toDateOnly(occurredAt);
  const envelope = {
    schemaVersion: ENVELOPE_SCHEMA_VERSION,
    eventId,
    occurredAt: occurredAt.toISOString(),
    occurredAtLocal: occurredAt.toISOString().replace(/Z$/, "+00:00"),
    reference: TEST_EVENT_REFERENCE,
    eventType,
    movement: {
      id: movementId,
      movementRequestId: movementId,
      status: STATUS_AFTER[eventType],
      version: 1,
      make: "Test",
      model: "Event",
      businessArea: "Retail",
      transportMethod: "DRIVEN",
      notes: TEST_EVENT_NOTE,
      originScheduledOn: today,
      originScheduledTimeslot: "ANYTIME",
      destinationScheduledOn: today,
      destinationScheduledTimeslot: "ANYTIME",
      ...(eventType === "movement.collected" ? { originActualOn: today } : {}),
      ...(eventType === "movement.delivered" ? { destinationActualOn: today } : {}),
      ...(eventType === "movement.aborted" ? { abortReason: "Other" } : {}),
    },
    ...(eventType === AT_RISK_WEBHOOK_EVENT
      ? {
          risk: {
            atRisk: true,
            expectedArrivalAtLocal: localTime(today, "20:00"),
            deadlineAtLocal: localTime(today, "17:00"),
          },
        }
      : {}),
    ...(eventType === ETA_CHANGED_WEBHOOK_EVENT
      ? {
          estimatedArrival: {
            earliest: localTime(today, "15:30"),
            latest: localTime(today, "16:00"),
            basis: "POSITION",
            previousEarliest: localTime(today, "14:30"),
            previousLatest: localTime(today, "15:00"),
          },
        }
      : {}),
  };
  return JSON.stringify(envelope);
}

function localTime(day: string, time: string): string {
  return `${day}T${time}:00.000+00:00`;
}

/** Which of these event ids are test events (the attempt log marks them). */
export async function testEventIdsAmong(eventIds: string[]): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await kysely()
    .selectFrom("Event")
    .select("id")
    .where("id", "in", [...new Set(eventIds)])
    .where("resourceType", "=", WEBHOOK_TEST_RESOURCE_TYPE)
    .execute();
  return new Set(rows.map((row) => row.id));
}
