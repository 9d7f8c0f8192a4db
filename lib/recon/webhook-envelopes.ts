// The two recon webhooks (issue 37 §4, opt-in extensions): `prep_job.work_item_changed` (an item was
// created, edited or moved) and `prep_job.estimate_awaiting_approval` (an item's estimate went to the
// approvers). Built once when the event is recorded; the JSON text is what is signed and delivered.
// The zod schemas describe exactly what the builders write (the OpenAPI document publishes them).
import { z } from "zod";
import { localDateAndOffset } from "@/lib/dates";
import { ENVELOPE_SCHEMA_VERSION, type OptInEventType } from "@/lib/events/movement-envelope";
import { PrepJobStage, PrepJobSubstage, type WorkItemState } from "@/lib/generated/prisma/enums";
import type { ReconJob } from "@/lib/recon/find-recon-job";
import { workItemSchema, workItemStateSchema, type WorkItemResponse } from "@/lib/recon/schemas";

export const WORK_ITEM_CHANGED_EVENT = "prep_job.work_item_changed" satisfies OptInEventType;
export const ESTIMATE_AWAITING_APPROVAL_EVENT =
  "prep_job.estimate_awaiting_approval" satisfies OptInEventType;
export const RECON_WEBHOOK_EVENTS = [WORK_ITEM_CHANGED_EVENT, ESTIMATE_AWAITING_APPROVAL_EVENT] as const;
export type ReconWebhookEvent = (typeof RECON_WEBHOOK_EVENTS)[number];

const prepJobRefSchema = z.object({
  id: z.string(),
  vin: z.string(),
  vrm: z.string().optional(),
  prepSiteId: z.string().nullable(),
  stage: z.enum(PrepJobStage),
  substage: z.enum(PrepJobSubstage).optional(),
});

const envelopeFields = {
  schemaVersion: z.string().meta({ example: ENVELOPE_SCHEMA_VERSION }),
  eventId: z
    .string()
    .meta({ description: "Stable across redeliveries (the hook-id header): deduplicate on it" }),
  occurredAt: z.iso.datetime().meta({ description: "A UTC instant ending in Z" }),
  occurredAtLocal: z.iso
    .datetime({ offset: true })
    .meta({ description: "The same instant at the prep site's offset; +00:00 when it cannot be resolved" }),
  prepJob: prepJobRefSchema,
  workItem: workItemSchema,
};

export const workItemChangedEnvelopeSchema = z
  .object({
    ...envelopeFields,
    eventType: z.literal(WORK_ITEM_CHANGED_EVENT),
    previousState: workItemStateSchema
      .nullable()
      .meta({ description: "Its state before a move; null when it was created or edited without a move" }),
  })
  .meta({
    id: "WorkItemChangedEvent",
    description: "Extension, opt-in: a prep job's work item was created, edited or moved.",
    "x-extension": true,
  });

export const estimateAwaitingApprovalEnvelopeSchema = z
  .object({
    ...envelopeFields,
    eventType: z.literal(ESTIMATE_AWAITING_APPROVAL_EVENT),
    awaitingApproval: z
      .array(workItemSchema)
      .meta({ description: "Every item of the job awaiting approval now, this one included" }),
  })
  .meta({
    id: "EstimateAwaitingApprovalEvent",
    description:
      "Extension, opt-in: a work item's estimate, over the prep site's auto-approve threshold, awaits an approver.",
    "x-extension": true,
  });

export type PrepJobRef = z.infer<typeof prepJobRefSchema>;

export function prepJobRefOf(job: ReconJob): PrepJobRef {
  return {
    id: job.id,
    vin: job.vin,
    ...(job.vrm === null ? {} : { vrm: job.vrm }),
    prepSiteId: job.prepSiteId,
    stage: job.stage,
    ...(job.substage === null ? {} : { substage: job.substage }),
  };
}

type Common = {
  eventId: string;
  occurredAt: Date;
  timeZone: string | null;
  prepJob: PrepJobRef;
  workItem: WorkItemResponse;
};

function commonFields(input: Common) {
  return {
    schemaVersion: ENVELOPE_SCHEMA_VERSION,
    eventId: input.eventId,
    occurredAt: input.occurredAt.toISOString(),
    occurredAtLocal: localDateAndOffset(input.occurredAt, input.timeZone).isoLocal,
  };
}

export function buildWorkItemChangedEnvelope(
  input: Common & { previousState: WorkItemState | null },
): string {
  const envelope: z.infer<typeof workItemChangedEnvelopeSchema> = {
    ...commonFields(input),
    eventType: WORK_ITEM_CHANGED_EVENT,
    prepJob: input.prepJob,
    workItem: input.workItem,
    previousState: input.previousState,
  };
  return JSON.stringify(envelope);
}

export function buildEstimateAwaitingApprovalEnvelope(
  input: Common & { awaitingApproval: WorkItemResponse[] },
): string {
  const envelope: z.infer<typeof estimateAwaitingApprovalEnvelopeSchema> = {
    ...commonFields(input),
    eventType: ESTIMATE_AWAITING_APPROVAL_EVENT,
    prepJob: input.prepJob,
    workItem: input.workItem,
    awaitingApproval: input.awaitingApproval,
  };
  return JSON.stringify(envelope);
}

/** "Send a test event" of a recon type (lib/webhooks/test-event.ts): the shape, with obviously fake data. */
export function buildTestReconEnvelope(input: {
  eventId: string;
  eventType: ReconWebhookEvent;
  resourceId: string;
  occurredAt: Date;
  note: string;
}): string {
  const workItem: WorkItemResponse = {
    id: input.resourceId,
    category: "OTHER",
    description: input.note,
    state: "AWAITING_APPROVAL",
    estimate: [{ kind: "PARTS", description: "Test part", amountCents: 1000 }],
    estimatedCents: 1000,
    actualCents: null,
    currency: "GBP",
    version: 2,
  };
  const common: Common = {
    eventId: input.eventId,
    occurredAt: input.occurredAt,
    timeZone: null,
    prepJob: { id: input.resourceId, vin: "TESTEVENT00000000", prepSiteId: null, stage: "APPRAISED" },
    workItem,
  };
  return input.eventType === WORK_ITEM_CHANGED_EVENT
    ? buildWorkItemChangedEnvelope({ ...common, previousState: "PROPOSED" })
    : buildEstimateAwaitingApprovalEnvelope({ ...common, awaitingApproval: [workItem] });
}
