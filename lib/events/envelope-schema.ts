// The webhook envelope as a zod schema: the specification's "Events" section plus the extensions
// (movement.movementRequestId, Standard-Webhooks signing). It describes exactly what
// lib/events/movement-envelope.ts builds, and is what the OpenAPI document publishes for the four
// events and for the events replay endpoint. Objects are not strict: consumers must ignore members
// they do not know, so that additive changes need no new schemaVersion.
import { z } from "zod";
import { ENVELOPE_SCHEMA_VERSION } from "@/lib/events/movement-envelope";
import { EtaBasis, MovementStatus as LegStatus } from "@/lib/generated/prisma/enums";
import { proofSchema } from "@/lib/proofs/proof-schema";
import {
  ABORT_REASONS,
  marketplaceProviderSchema,
  WEBHOOK_MOVEMENT_STATUSES,
} from "@/lib/schemas/movement-wire";
import {
  businessAreaSchema,
  calendarDateSchema,
  timeslotSchema,
  transportMethodSchema,
} from "@/lib/schemas/common";

export const webhookMovementStatusSchema = z
  .enum(WEBHOOK_MOVEMENT_STATUSES)
  .meta({ description: "Status of the movement (leg) after the event. DELIVERED is the normal end." });

export const abortReasonSchema = z.enum(ABORT_REASONS).meta({
  description: "Why the movement was abandoned. The free-text detail a carrier gives is never published.",
});

const date = (description: string) => calendarDateSchema.meta({ description, example: "2026-11-21" });
const slot = (description: string) => timeslotSchema.meta({ description });

/** The `movement` object common to every event (specification, "Webhook movement"). */
const movementFields = {
  id: z.string().meta({ description: "Id of the movement (one leg of a movement request)" }),
  movementRequestId: z.string().meta({
    description: "Id of the movement request the movement belongs to (extension)",
    "x-extension": true,
  }),
  status: webhookMovementStatusSchema,
  version: z
    .int()
    .min(1)
    .meta({
      description:
        "Version of the movement after this event (extension): of two events about one movement, the higher " +
        "version is the later state, whatever order they arrive in.",
      "x-extension": true,
    }),
  vin: z.string().optional(),
  vrm: z.string().optional().meta({ description: "Absent for vehicles without a UK registration mark" }),
  make: z.string().optional(),
  model: z.string().optional(),
  modelVariant: z.string().optional(),
  businessArea: businessAreaSchema,
  transportMethod: transportMethodSchema,
  notes: z.string().optional().meta({ description: "Note supplied at creation" }),
  confirmedBy: z.string().optional().meta({ description: "Who confirmed the vehicle was available" }),
  originSiteId: z
    .string()
    .optional()
    .meta({ description: "Present when collection is from one of the caller's sites" }),
  originAddressLine1: z
    .string()
    .optional()
    .meta({ description: "Present when collection is from an ad-hoc address" }),
  originAddressPostcode: z
    .string()
    .optional()
    .meta({ description: "Present when collection is from an ad-hoc address" }),
  originScheduledOn: date("Collection date requested at creation").optional(),
  originScheduledTimeslot: slot("Collection slot requested at creation").optional(),
  originPredictedOn: date("Currently expected collection date").optional(),
  originPredictedTimeslot: slot("Currently expected collection slot").optional(),
  destinationSiteId: z
    .string()
    .optional()
    .meta({ description: "Present when delivery is to one of the caller's sites" }),
  destinationAddressLine1: z
    .string()
    .optional()
    .meta({ description: "Present when delivery is to an ad-hoc address" }),
  destinationAddressPostcode: z
    .string()
    .optional()
    .meta({ description: "Present when delivery is to an ad-hoc address" }),
  destinationScheduledOn: date("Delivery deadline requested at creation").optional(),
  destinationScheduledTimeslot: slot("Delivery slot requested at creation").optional(),
  destinationPredictedOn: date("Currently expected delivery date").optional(),
  destinationPredictedTimeslot: slot("Currently expected delivery slot").optional(),
  driverName: z
    .string()
    .optional()
    .meta({ description: "Assigned driver; absent when a logistics provider carries the movement" }),
};

/** Proof of collection or delivery, when the carrier recorded one on its job page (extension). */
const proofField = proofSchema.optional().meta({
  description:
    "The carrier's proof (photos, odometer, damage, who handed over or received, signature) as signed links " +
    "that expire after 7 days (extension, absent when no proof was recorded). Fetch fresh links from " +
    "`GET /operations/movement-requests/{requestId}/proofs`.",
  "x-extension": true,
});

/** The marketplace carrier on the leg, when one carries it (extension; drivers are named by driverName). */
const providerField = marketplaceProviderSchema.optional().meta({
  description:
    "The marketplace carrier that won the request and carries this leg, with the agreed price (extension, " +
    "absent when a driver or a 3PL carries it).",
  "x-extension": true,
});

/** The envelope members common to every event (specification, "Events"). */
const envelopeFields = {
  schemaVersion: z.string().meta({
    description: "Changes only on a breaking change to the envelope",
    example: ENVELOPE_SCHEMA_VERSION,
  }),
  eventId: z.string().meta({
    description:
      "Stable across redeliveries of the same event (also sent as the hook-id header): deduplicate on it",
  }),
  occurredAt: z.iso.datetime().meta({
    description: "When the transition happened: a UTC instant ending in Z. The only instant in the payload.",
    example: "2026-11-21T09:30:00.000Z",
  }),
  occurredAtLocal: z.iso.datetime({ offset: true }).meta({
    description:
      "The same instant at the offset of the site where it happened (origin site; destination site for " +
      "movement.delivered); +00:00 when the site's time zone cannot be resolved",
    example: "2026-11-21T10:30:00.000+01:00",
  }),
  reference: z
    .string()
    .optional()
    .meta({ description: "The caller's vehicle.externalVehicleId, when one was given" }),
};

export const movementCollectedEnvelopeSchema = z
  .object({
    ...envelopeFields,
    eventType: z.literal("movement.collected"),
    movement: z.object({
      ...movementFields,
      originActualOn: date("Actual collection date"),
    }),
    proof: proofField,
    provider: providerField,
  })
  .meta({
    id: "MovementCollectedEvent",
    description: "The vehicle was collected from the origin and is in transit.",
  });

export const movementDeliveredEnvelopeSchema = z
  .object({
    ...envelopeFields,
    eventType: z.literal("movement.delivered"),
    movement: z.object({
      ...movementFields,
      destinationActualOn: date("Actual delivery date"),
    }),
    proof: proofField,
    provider: providerField,
  })
  .meta({ id: "MovementDeliveredEvent", description: "The vehicle was delivered to the destination." });

export const movementCancelledEnvelopeSchema = z
  .object({
    ...envelopeFields,
    eventType: z.literal("movement.cancelled"),
    movement: z.object(movementFields),
  })
  .meta({
    id: "MovementCancelledEvent",
    description: "The movement was cancelled before it was carried out.",
  });

export const movementAbortedEnvelopeSchema = z
  .object({
    ...envelopeFields,
    eventType: z.literal("movement.aborted"),
    movement: z.object({ ...movementFields, abortReason: abortReasonSchema.optional() }),
  })
  .meta({ id: "MovementAbortedEvent", description: "The movement was abandoned after it started." });

/** movement.at_risk (issue 17, an opt-in extension): docs/at-risk.md and docs/api.md. */
export const movementAtRiskEnvelopeSchema = z
  .object({
    ...envelopeFields,
    occurredAtLocal: envelopeFields.occurredAtLocal.meta({
      description: "The same instant at the destination site's offset",
    }),
    eventType: z.literal("movement.at_risk"),
    movement: z.object({
      ...movementFields,
      status: z.enum(LegStatus).meta({
        description: "Status of the request's current movement; OPEN when it is not collected yet",
      }),
    }),
    risk: z.object({
      atRisk: z.boolean().meta({
        description: "true: it entered at risk; false: it is back on track",
      }),
      expectedArrivalAtLocal: z.iso.datetime({ offset: true }).meta({
        description: "When it is expected to arrive as things usually go, at the destination's offset",
        example: "2026-11-25T18:30:00.000+00:00",
      }),
      deadlineAtLocal: z.iso.datetime({ offset: true }).meta({
        description: "The end of its delivery deadline (date and slot or time), at the destination's offset",
        example: "2026-11-25T17:00:00.000+00:00",
      }),
    }),
  })
  .meta({
    id: "MovementAtRiskEvent",
    description:
      "Extension, opt-in: the movement request entered or left at risk of missing its deadline. `movement` " +
      "is its current movement.",
    "x-extension": true,
  });

const localInstant = (description: string, example: string) =>
  z.iso.datetime({ offset: true }).meta({ description, example });

/** movement.eta_changed (issue 35, an opt-in extension): docs/tracking.md and docs/api.md. */
export const movementEtaChangedEnvelopeSchema = z
  .object({
    ...envelopeFields,
    occurredAtLocal: envelopeFields.occurredAtLocal.meta({
      description: "The same instant at the destination site's offset",
    }),
    eventType: z.literal("movement.eta_changed"),
    movement: z.object({
      ...movementFields,
      status: z.enum(LegStatus).meta({
        description: "Status of the request's current movement; OPEN when it is not collected yet",
      }),
    }),
    estimatedArrival: z.object({
      earliest: localInstant(
        "The window's start, at the destination's offset",
        "2026-11-25T14:10:00.000+00:00",
      ),
      latest: localInstant("The window's end, at the destination's offset", "2026-11-25T14:45:00.000+00:00"),
      basis: z.enum(EtaBasis).meta({
        description:
          "POSITION: from the vehicle's last position; HISTORY: from the lane's usual durations; " +
          "SCHEDULE: from the delivery date and slot",
      }),
      previousEarliest: localInstant(
        "The start of the window last published",
        "2026-11-25T13:30:00.000+00:00",
      ),
      previousLatest: localInstant("The end of the window last published", "2026-11-25T14:05:00.000+00:00"),
    }),
  })
  .meta({
    id: "MovementEtaChangedEvent",
    description:
      "Extension, opt-in: the movement request's estimated arrival window moved by 30 minutes or more " +
      "at either end. `movement` is its current movement.",
    "x-extension": true,
  });

/** Any webhook envelope of the specification, discriminated by eventType (what the events replay lists). */
export const webhookEnvelopeSchema = z
  .discriminatedUnion("eventType", [
    movementCollectedEnvelopeSchema,
    movementDeliveredEnvelopeSchema,
    movementCancelledEnvelopeSchema,
    movementAbortedEnvelopeSchema,
  ])
  .meta({ id: "WebhookEvent", description: "A webhook envelope, discriminated by eventType." });

export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;
