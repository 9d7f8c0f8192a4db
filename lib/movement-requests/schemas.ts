// Request and response shapes of the movement request endpoints: one schema per shape, used by the
// route handlers, the create wizard's forms and the OpenAPI document.
import { z } from "zod";
import { EtaBasis, MovementRequestStatus } from "@/lib/generated/prisma/enums";
import {
  businessAreaSchema,
  calendarDateSchema,
  EMAIL_MAX,
  emailSchema,
  identifierSchema,
  moneySchema,
  textUpTo,
  timeOfDaySchema,
  timeslotSchema,
  transportMethodSchema,
  vinSchema,
  vrmSchema,
} from "@/lib/schemas/common";
import { customerContactSchema } from "@/lib/schemas/customer-contact";
import { marketplaceProviderSchema } from "@/lib/schemas/movement-wire";

export const NOTES_MAX = 1024;
export const CONFIRMED_BY_MAX = 128;

export const locationSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("INTERNAL"),
    siteId: identifierSchema.describe("Id of one of the caller's sites"),
  }),
]);

export const vehicleSchema = z
  .strictObject({
    vin: vinSchema.optional(),
    vrm: vrmSchema.optional(),
    externalVehicleId: z
      .string()
      .min(1)
      .max(128)
      .optional()
      .describe("Echoed as `reference` in webhook envelopes"),
    make: z.string().min(1).max(100).optional(),
    model: z.string().min(1).max(100).optional(),
    modelVariant: z.string().min(1).max(200).optional(),
  })
  .refine((vehicle) => vehicle.vin !== undefined || vehicle.vrm !== undefined, {
    message: "A vehicle needs a vin or a vrm",
    path: ["vin"],
  })
  .meta({
    description: "The vehicle to move: it needs a vin or a vrm",
    anyOf: [{ required: ["vin"] }, { required: ["vrm"] }],
  });

const originFields = {
  location: locationSchema,
  readyToCollectFromTimeslot: timeslotSchema.optional(),
  readyToCollectFromDate: calendarDateSchema.optional(),
};

const destinationFields = {
  location: locationSchema,
  deliveryByDate: calendarDateSchema,
  deliveryByTimeslot: timeslotSchema.optional(),
  deliveryByTime: timeOfDaySchema
    .optional()
    .describe("Sets deliveryByTimeslot (before 12:00 AM) unless that is given"),
  deliverOnSpecifiedDate: z.boolean().optional(),
};

const linkedJobInformationSchema = z.strictObject({ pin: z.string().min(1).max(64) });

const createFields = {
  vehicle: vehicleSchema,
  origin: z.strictObject(originFields),
  destination: z.strictObject(destinationFields),
  businessArea: businessAreaSchema,
  notes: textUpTo(NOTES_MAX).optional(),
  externalId: z.string().min(1).max(128).optional(),
  confirmedBy: textUpTo(CONFIRMED_BY_MAX).optional(),
  requestedBy: emailSchema
    .refine((value) => [...value].length <= EMAIL_MAX, `At most ${EMAIL_MAX} characters`)
    .optional()
    .meta({
      description:
        "Write-only, never returned: the person the movement is raised for, who receives the tracking, " +
        "delivered and aborted notifications instead of the API key's owner",
      writeOnly: true,
      maxLength: EMAIL_MAX,
    }),
  linkedJobInformation: linkedJobInformationSchema.optional(),
  transportMethod: transportMethodSchema,
  customer: customerContactSchema.optional(),
};

export const createInPlanningPoolBody = z.strictObject(createFields);
export type CreateInPlanningPoolBody = z.infer<typeof createInPlanningPoolBody>;

export const createWithThirdPartyLogisticsBody = z.strictObject({
  ...createFields,
  origin: z.strictObject({ ...originFields, allowCollectionDateAdjustment: z.boolean().optional() }),
  destination: z.strictObject({ ...destinationFields, allowDeliveryDateAdjustment: z.boolean().optional() }),
  thirdPartyLogisticsProviderId: identifierSchema,
});
export type CreateWithThirdPartyLogisticsBody = z.infer<typeof createWithThirdPartyLogisticsBody>;

export const updateMovementRequestBody = z.strictObject({
  origin: z
    .strictObject({
      location: locationSchema.optional(),
      readyToCollectFromTimeslot: timeslotSchema.optional(),
      readyToCollectFromDate: calendarDateSchema.optional(),
    })
    .optional(),
  destination: z
    .strictObject({
      location: locationSchema.optional(),
      deliveryByTimeslot: timeslotSchema.optional(),
      deliveryByDate: calendarDateSchema.optional(),
      deliverOnSpecifiedDate: z.boolean().optional(),
    })
    .optional(),
  notes: textUpTo(NOTES_MAX).optional(),
  linkedJobInformation: linkedJobInformationSchema.optional(),
});
export type UpdateMovementRequestBody = z.infer<typeof updateMovementRequestBody>;

// Any id that names no request of the caller's profile is a 404 (the specification lists no 400 for GET).
export const movementRequestParams = z.strictObject({ requestId: z.string().describe("ULID") });

// ── responses ──

export const movementRequestStatusSchema = z.enum(MovementRequestStatus);

/** When the vehicle is expected at the destination (issue 35 §3, an extension; docs/tracking.md). */
export const estimatedArrivalSchema = z
  .object({
    earliest: z.iso.datetime({ offset: true }).meta({
      description: "The window's start, at the destination site's offset",
      example: "2026-11-25T14:10:00.000+00:00",
    }),
    latest: z.iso.datetime({ offset: true }).meta({
      description: "The window's end, at the destination site's offset",
      example: "2026-11-25T14:45:00.000+00:00",
    }),
    basis: z.enum(EtaBasis).meta({
      description:
        "POSITION: from the vehicle's last position (within 30 minutes) and the lane's learned road factor " +
        "and speed; HISTORY: from how long the lane's (or the transport method's) requests usually take " +
        "from the current status; SCHEDULE: from the delivery date and slot, when nothing better is known",
    }),
  })
  .meta({
    id: "EstimatedArrival",
    description:
      "Extension: the estimated arrival window, recomputed by the service every minute (within seconds of " +
      "a new position); null once the request is delivered, cancelled or aborted.",
    "x-extension": true,
  });
export type EstimatedArrival = z.infer<typeof estimatedArrivalSchema>;

export const providerSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("DRIVER"), id: z.string(), firstname: z.string(), surname: z.string() }),
  z.object({ type: z.literal("THIRD_PARTY_LOGISTICS"), id: z.string(), name: z.string() }),
  marketplaceProviderSchema,
]);

export const movementRequestSchema = z.object({
  id: z.string().describe("ULID"),
  vehicle: z.object({
    vin: z.string().optional(),
    vrm: z.string().optional(),
    externalVehicleId: z.string().optional(),
    make: z.string().optional(),
    model: z.string().optional(),
    modelVariant: z.string().optional(),
  }),
  origin: z.object({
    location: locationSchema,
    readyToCollectFromTimeslot: timeslotSchema,
    readyToCollectFromDate: calendarDateSchema,
    allowCollectionDateAdjustment: z.boolean().optional(),
    estimatedCollectionTimeslot: timeslotSchema.optional(),
    estimatedCollectionDate: calendarDateSchema.optional(),
  }),
  destination: z.object({
    location: locationSchema,
    deliveryByDate: calendarDateSchema,
    deliveryByTimeslot: timeslotSchema,
    deliveryByTime: timeOfDaySchema.optional(),
    deliverOnSpecifiedDate: z.boolean(),
    allowDeliveryDateAdjustment: z.boolean().optional(),
    estimatedDeliveryTimeslot: timeslotSchema.optional(),
    estimatedDeliveryDate: calendarDateSchema.optional(),
  }),
  status: movementRequestStatusSchema,
  completedOn: z.string().optional().describe("ISO 8601 instant"),
  cost: moneySchema.optional(),
  estimatedCost: moneySchema.optional(),
  businessArea: businessAreaSchema,
  notes: z.string().optional(),
  externalId: z.string().optional(),
  confirmedBy: z.string().optional(),
  linkedJobInformation: z.object({ pin: z.string() }).optional(),
  transportMethod: transportMethodSchema,
  provider: providerSchema.optional(),
  trackingUrl: z.url().optional(),
  estimatedArrival: estimatedArrivalSchema.nullable(),
});
export type MovementRequestResponse = z.infer<typeof movementRequestSchema>;
