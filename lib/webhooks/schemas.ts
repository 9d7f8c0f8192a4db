// Request and response shapes of the webhook endpoint API (extensions section 5): one schema per shape,
// used by the route handlers and the OpenAPI document.
import { z } from "zod";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/events/movement-envelope";
import { instantSchema, textUpTo } from "@/lib/schemas/common";
import { keysetCursorSchema } from "@/lib/http/keyset-cursor";
import { WEBHOOK_URL_MAX_LENGTH } from "@/lib/webhooks/ssrf-guard";

export const WEBHOOK_DESCRIPTION_MAX = 256;
export const ATTEMPTS_PAGE_DEFAULT = 50;
export const ATTEMPTS_PAGE_MAX = 250;

export const webhookEventTypeSchema = z.enum(SUBSCRIBABLE_EVENT_TYPES).meta({
  description:
    "movement.at_risk, movement.eta_changed, prep_job.work_item_changed and " +
    "prep_job.estimate_awaiting_approval are extensions, sent only to endpoints that name them: an " +
    "empty list means the specification's four movement events.",
});

/** The URL's syntax here; the SSRF guard (lib/webhooks/ssrf-guard.ts) decides where it may point. */
const urlSchema = z
  .string()
  .min(1, "Must not be empty")
  .max(WEBHOOK_URL_MAX_LENGTH, `At most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .describe(
    "https URL the events are POSTed to. Private, loopback and link-local targets are refused (http to " +
      "loopback only where WEBHOOK_ALLOW_PRIVATE_TARGETS is set, as in development).",
  );

const descriptionSchema = textUpTo(WEBHOOK_DESCRIPTION_MAX);

/**
 * Duplicates are dropped; an empty list subscribes to the specification's event types, including ones a
 * later version of it adds, but not to opt-in extension types (OPT_IN_EVENT_TYPES: movement.at_risk, movement.eta_changed, the
 * prep_job recon events).
 */
const eventTypesSchema = z
  .array(webhookEventTypeSchema)
  .transform((types) => [...new Set(types)])
  .describe(
    "Event types delivered to the endpoint; empty or omitted = the four movement events of the " +
      "specification (the opt-in extensions, movement.at_risk, movement.eta_changed and the prep_job " +
      "recon events, only when named)",
  );

export const webhookEndpointParams = z.strictObject({ id: z.string().describe("ULID of the endpoint") });

// POST /webhooks/endpoints
export const createWebhookEndpointBody = z.strictObject({
  url: urlSchema,
  description: descriptionSchema.optional(),
  eventTypes: eventTypesSchema.optional(),
});
export type CreateWebhookEndpointBody = z.infer<typeof createWebhookEndpointBody>;

// PATCH /webhooks/endpoints/{id}: an omitted field is left unchanged.
export const updateWebhookEndpointBody = z.strictObject({
  url: urlSchema.optional(),
  description: descriptionSchema.nullable().optional().describe("null removes the description"),
  eventTypes: eventTypesSchema.optional(),
  enabled: z
    .boolean()
    .optional()
    .describe(
      "false stops deliveries (they wait); true resumes them and clears disabledAt and disabledReason",
    ),
});
export type UpdateWebhookEndpointBody = z.infer<typeof updateWebhookEndpointBody>;

// POST /webhooks/endpoints/{id}/replay
export const replayWebhookEventsBody = z.strictObject({
  since: instantSchema.describe("Redeliver the endpoint's events that occurred at or after this instant"),
});
export type ReplayWebhookEventsBody = z.infer<typeof replayWebhookEventsBody>;

/** Page size: a string of digits, 1 to 250. */
const limitSchema = z
  .string()
  .regex(/^\d+$/, "Expected a whole number (digits only)")
  .transform(Number)
  .refine(
    (value) => value >= 1 && value <= ATTEMPTS_PAGE_MAX,
    `Expected a page size from 1 to ${ATTEMPTS_PAGE_MAX}`,
  );

// GET /webhooks/endpoints/{id}/attempts
export const listWebhookAttemptsQuery = z.strictObject({
  cursor: keysetCursorSchema.optional().describe("Opaque: the previous page's nextCursor"),
  limit: limitSchema
    .optional()
    .describe(`Page size 1 to ${ATTEMPTS_PAGE_MAX}; default ${ATTEMPTS_PAGE_DEFAULT}`),
});
export type ListWebhookAttemptsQuery = z.infer<typeof listWebhookAttemptsQuery>;

// ── responses ──

const instant = z.iso.datetime({ precision: 3 }).describe("ISO 8601 instant in UTC, with milliseconds");

export const webhookEndpointSchema = z.object({
  id: z.string().describe("ULID"),
  url: z.string().describe("As normalised by URL parsing (e.g. the host in lower case)"),
  description: z.string().optional(),
  eventTypes: z
    .array(webhookEventTypeSchema)
    .describe("Empty = the specification's four movement events (the opt-in extensions only when named)"),
  enabled: z.boolean(),
  disabledAt: instant
    .optional()
    .describe("When the endpoint was disabled (by a PATCH or after sustained failure)"),
  disabledReason: z.string().optional(),
  createdAt: instant,
  updatedAt: instant,
});
export type WebhookEndpointResponse = z.infer<typeof webhookEndpointSchema>;

const secretSchema = z
  .string()
  .describe('Signing secret: "whsec_" + base64 of 32 random bytes. Shown only at creation and rotation.');

export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: secretSchema });
export type CreatedWebhookEndpointResponse = z.infer<typeof createdWebhookEndpointSchema>;

export const listWebhookEndpointsResponse = z.object({ data: z.array(webhookEndpointSchema) });
export type ListWebhookEndpointsResponse = z.infer<typeof listWebhookEndpointsResponse>;

export const rotateWebhookSecretResponse = z.object({
  secret: secretSchema.describe(
    "The new signing secret. The previous one keeps signing beside it for 24 hours, then expires.",
  ),
});
export type RotateWebhookSecretResponse = z.infer<typeof rotateWebhookSecretResponse>;

export const webhookAttemptSchema = z.object({
  id: z.string().describe("ULID"),
  deliveryId: z.string().describe("The delivery (one event to this endpoint) the attempt belongs to"),
  eventId: z.string().describe("The envelope's eventId (the hook-id header)"),
  eventType: webhookEventTypeSchema,
  attemptNumber: z.int().min(1).describe("1 for the first attempt of the delivery"),
  attemptedAt: instant,
  durationMs: z.int().min(0),
  responseStatus: z.int().nullable().describe("HTTP status; null when no response came"),
  responseBodyExcerpt: z.string().nullable().describe("The start of the response body"),
  error: z.string().nullable().describe("Why the attempt failed (connection error, timeout, non-2xx…)"),
  succeeded: z.boolean(),
});
export type WebhookAttemptResponse = z.infer<typeof webhookAttemptSchema>;

export const listWebhookAttemptsResponse = z.object({
  data: z.array(webhookAttemptSchema),
  nextCursor: z.string().nullable().describe("Null on the last page"),
});
export type ListWebhookAttemptsResponse = z.infer<typeof listWebhookAttemptsResponse>;

export const replayWebhookEventsResponse = z.object({
  replayed: z.int().min(0).describe("How many events were queued for delivery"),
});
export type ReplayWebhookEventsResponse = z.infer<typeof replayWebhookEventsResponse>;
