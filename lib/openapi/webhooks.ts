// The OpenAPI 3.1 `webhooks` section: the four movement events, POSTed to the consumer's endpoint and
// signed per the Standard Webhooks scheme with our header names (extensions section 5).
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import {
  movementAbortedEnvelopeSchema,
  movementAtRiskEnvelopeSchema,
  movementCancelledEnvelopeSchema,
  movementCollectedEnvelopeSchema,
  movementDeliveredEnvelopeSchema,
  movementEtaChangedEnvelopeSchema,
} from "@/lib/events/envelope-schema";
import { ENVELOPE_SCHEMA_VERSION, type SubscribableEventType } from "@/lib/events/movement-envelope";
import { EXAMPLE_IDS, EXAMPLE_VIN, EXAMPLE_VRM } from "@/lib/openapi/examples";
import {
  estimateAwaitingApprovalEnvelopeSchema,
  workItemChangedEnvelopeSchema,
} from "@/lib/recon/webhook-envelopes";
import { TAGS } from "@/lib/openapi/operation";

/** The webhook and events interface has its own version (specification, "Versioning"). */
export const WEBHOOKS_VERSION = "1.0.0";

export const hookHeaders = z.object({
  "hook-id": z.string().meta({
    description: "The envelope's `eventId`: the same on every redelivery of the event.",
    example: EXAMPLE_IDS.event,
  }),
  "hook-timestamp": z.string().regex(/^\d+$/).meta({
    description:
      "Unix seconds of this delivery attempt. Reject deliveries more than 5 minutes from your clock.",
    example: "1795253400",
  }),
  "hook-signature": z.string().meta({
    description:
      "Space-separated `v1,<base64 HMAC-SHA256>` entries, one per active secret, over the bytes " +
      "`{hook-id}.{hook-timestamp}.{raw body}`. The HMAC key is the base64-decoded part of the " +
      "endpoint secret after `whsec_`. Accept the delivery when any entry matches; compare in constant " +
      "time, on the raw body, before parsing it.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
  "hook-sequence": z
    .string()
    .regex(/^\d+$/)
    .meta({
      description:
        "The event's position in the service's event stream (extension): strictly increasing in the order " +
        "events were recorded. Not signed; use it to order, never to authenticate.",
      example: "48213",
    }),
});

const movementExample = {
  id: EXAMPLE_IDS.movement,
  movementRequestId: EXAMPLE_IDS.movementRequest,
  version: 3,
  vin: EXAMPLE_VIN,
  vrm: EXAMPLE_VRM,
  make: "Volkswagen",
  model: "Golf",
  modelVariant: "1.5 TSI Life 5dr",
  businessArea: "Retail",
  transportMethod: "DRIVEN",
  originSiteId: EXAMPLE_IDS.originSite,
  originScheduledOn: "2026-11-23",
  originScheduledTimeslot: "AM",
  destinationSiteId: EXAMPLE_IDS.destinationSite,
  destinationScheduledOn: "2026-11-25",
  destinationScheduledTimeslot: "PM",
  driverName: "Priya Shah",
};

const envelopeExample = {
  schemaVersion: ENVELOPE_SCHEMA_VERSION,
  eventId: EXAMPLE_IDS.event,
  occurredAt: "2026-11-23T09:41:07.000Z",
  occurredAtLocal: "2026-11-23T09:41:07.000+00:00",
  reference: "STOCK-10442",
};

type EventDefinition = {
  schema: z.ZodType;
  operationId: string;
  summary: string;
  description: string;
  example: unknown;
  /** Not in the specification: marked x-extension like the API's own extensions. */
  extension?: true;
};

const reconExample = {
  schemaVersion: ENVELOPE_SCHEMA_VERSION,
  eventId: EXAMPLE_IDS.event,
  occurredAt: "2026-11-23T09:41:07.000Z",
  occurredAtLocal: "2026-11-23T09:41:07.000+00:00",
  prepJob: {
    id: EXAMPLE_IDS.prepJob,
    vin: EXAMPLE_VIN,
    vrm: EXAMPLE_VRM,
    prepSiteId: EXAMPLE_IDS.prepSite,
    stage: "APPRAISED",
  },
};
const reconWorkItemExample = {
  id: EXAMPLE_IDS.workItem,
  category: "BODY",
  description: "Repair and respray the nearside front wing",
  state: "AWAITING_APPROVAL",
  estimate: [
    { kind: "PARTS", description: "Wing repair kit", amountCents: 4_500 },
    { kind: "LABOUR", description: "Panel and paint", hours: 3.5, amountCents: 22_750 },
  ],
  estimatedCents: 27_250,
  actualCents: null,
  currency: "GBP",
  version: 2,
};

const RECON_OPT_IN =
  "Sent only to endpoints whose `eventTypes` name it (an empty list does not), and never listed by " +
  "`GET /movement-requests/events`. `occurredAtLocal` is at the prep site's offset.";

const RECON_EVENTS = {
  "prep_job.work_item_changed": {
    schema: workItemChangedEnvelopeSchema,
    operationId: "prepJobWorkItemChanged",
    extension: true,
    summary: "prep_job.work_item_changed (extension, opt-in)",
    description:
      "A prep job's reconditioning work item was created, edited or moved (issue 37). `workItem` is the " +
      "item after the change, as `GET /prep-jobs/{id}/work-items` returns it; `previousState` is its " +
      "state before a move (null for a creation or an edit). Of two events about one item, the higher " +
      `\`workItem.version\` is the later. ${RECON_OPT_IN}`,
    example: {
      ...reconExample,
      eventType: "prep_job.work_item_changed",
      workItem: reconWorkItemExample,
      previousState: "PROPOSED",
    },
  },
  "prep_job.estimate_awaiting_approval": {
    schema: estimateAwaitingApprovalEnvelopeSchema,
    operationId: "prepJobEstimateAwaitingApproval",
    extension: true,
    summary: "prep_job.estimate_awaiting_approval (extension, opt-in)",
    description:
      "A work item's estimate was submitted and, at or over the prep site's auto-approve threshold, " +
      "awaits an approver (issue 37). `workItem` is that item; `awaitingApproval` every item of the job " +
      `awaiting approval now. The approvers are e-mailed too. ${RECON_OPT_IN}`,
    example: {
      ...reconExample,
      eventType: "prep_job.estimate_awaiting_approval",
      workItem: reconWorkItemExample,
      awaitingApproval: [reconWorkItemExample],
    },
  },
} as const satisfies Record<string, EventDefinition>;

const EVENTS: Record<SubscribableEventType, EventDefinition> = {
  "movement.collected": {
    schema: movementCollectedEnvelopeSchema,
    operationId: "movementCollected",
    summary: "movement.collected",
    description:
      "The vehicle was collected from the origin and is in transit. `movement.originActualOn` is the " +
      "actual collection date; `occurredAtLocal` is at the origin site's offset.",
    example: {
      ...envelopeExample,
      eventType: "movement.collected",
      movement: { ...movementExample, status: "IN_PROGRESS", originActualOn: "2026-11-23" },
    },
  },
  "movement.delivered": {
    schema: movementDeliveredEnvelopeSchema,
    operationId: "movementDelivered",
    summary: "movement.delivered",
    description:
      "The vehicle was delivered to the destination. `movement.destinationActualOn` is the actual " +
      "delivery date; `occurredAtLocal` is at the destination site's offset.",
    example: {
      ...envelopeExample,
      occurredAt: "2026-11-25T15:12:44.000Z",
      occurredAtLocal: "2026-11-25T15:12:44.000+00:00",
      eventType: "movement.delivered",
      movement: { ...movementExample, status: "DELIVERED", destinationActualOn: "2026-11-25" },
    },
  },
  "movement.cancelled": {
    schema: movementCancelledEnvelopeSchema,
    operationId: "movementCancelled",
    summary: "movement.cancelled",
    description: "The movement was cancelled before it was carried out.",
    example: {
      ...envelopeExample,
      eventType: "movement.cancelled",
      movement: { ...movementExample, status: "CANCELLED" },
    },
  },
  "movement.aborted": {
    schema: movementAbortedEnvelopeSchema,
    operationId: "movementAborted",
    summary: "movement.aborted",
    description:
      "The movement was abandoned after it started. `movement.abortReason` says why, when known; the " +
      "free-text detail is not published.",
    example: {
      ...envelopeExample,
      eventType: "movement.aborted",
      movement: { ...movementExample, status: "ABORTED", abortReason: "NotReady" },
    },
  },
  "movement.at_risk": {
    schema: movementAtRiskEnvelopeSchema,
    operationId: "movementAtRisk",
    extension: true,
    summary: "movement.at_risk (extension, opt-in)",
    description:
      "The movement request entered at risk of missing its deadline (`risk.atRisk: true`), or is back " +
      "on track (`false`): as things usually go for its lane, transport method and status, it is " +
      "expected to arrive at `risk.expectedArrivalAtLocal`, against `risk.deadlineAtLocal`. Sent only " +
      "to endpoints whose `eventTypes` name it (an empty list does not), and never listed by " +
      "`GET /movement-requests/events`. `movement` is the request's current movement; " +
      "`occurredAtLocal` is at the destination site's offset.",
    example: {
      ...envelopeExample,
      occurredAtLocal: "2026-11-23T09:41:07.000+00:00",
      eventType: "movement.at_risk",
      movement: { ...movementExample, status: "OPEN", version: 1 },
      risk: {
        atRisk: true,
        expectedArrivalAtLocal: "2026-11-25T18:30:00.000+00:00",
        deadlineAtLocal: "2026-11-25T17:00:00.000+00:00",
      },
    },
  },
  "movement.eta_changed": {
    schema: movementEtaChangedEnvelopeSchema,
    operationId: "movementEtaChanged",
    extension: true,
    summary: "movement.eta_changed (extension, opt-in)",
    description:
      "The movement request's estimated arrival window (`estimatedArrival` on the movement request) " +
      "moved by 30 minutes or more at either end since it was last published: `estimatedArrival` " +
      "gives the window now and the one before, at the destination site's offset, and what it is " +
      "based on. The first window a request gets is not published. Sent only to endpoints whose " +
      "`eventTypes` name it (an empty list does not), and never listed by " +
      "`GET /movement-requests/events`. `movement` is the request's current movement.",
    example: {
      ...envelopeExample,
      occurredAtLocal: "2026-11-25T12:41:07.000+00:00",
      eventType: "movement.eta_changed",
      movement: { ...movementExample, status: "IN_PROGRESS", version: 3 },
      estimatedArrival: {
        earliest: "2026-11-25T14:10:00.000+00:00",
        latest: "2026-11-25T14:45:00.000+00:00",
        basis: "POSITION",
        previousEarliest: "2026-11-25T13:30:00.000+00:00",
        previousLatest: "2026-11-25T14:05:00.000+00:00",
      },
    },
  },
  ...RECON_EVENTS,
};

const DELIVERY =
  "Delivered as an HTTP POST with a JSON body to every enabled endpoint of your profile subscribed to " +
  "the event type, at least once: duplicates carry the same `eventId`, so deduplicate on it. Any `2xx` " +
  "acknowledges the delivery and no retry follows, so persist the event before answering. Anything else, " +
  "a timeout (15 s) or a connection error is retried after 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and " +
  "10 h (±20 % jitter); an endpoint failing for 5 days is disabled and its owner notified. Not " +
  "authenticated with an API key: verify `hook-signature` instead.";

function webhookOperation(definition: EventDefinition): ZodOpenApiOperationObject {
  const checked = definition.schema.safeParse(definition.example);
  if (!checked.success) {
    throw new Error(`${definition.operationId}: example does not match: ${checked.error.message}`);
  }
  return {
    operationId: definition.operationId,
    summary: definition.summary,
    description: `${definition.description}\n\n${DELIVERY}`,
    tags: [TAGS.events],
    security: [],
    "x-interface-version": WEBHOOKS_VERSION,
    ...(definition.extension ? { "x-extension": true } : {}),
    requestParams: { header: hookHeaders },
    requestBody: {
      required: true,
      content: { "application/json": { schema: definition.schema, example: definition.example } },
    },
    responses: {
      "2XX": { description: "Acknowledged: the event is delivered and will not be sent again." },
      default: { description: "Not acknowledged: the delivery is retried on the schedule above." },
    },
  };
}

export const webhooks: ZodOpenApiPathsObject = Object.fromEntries(
  Object.entries(EVENTS).map(([eventType, definition]) => [
    eventType,
    { post: webhookOperation(definition) },
  ]),
);
