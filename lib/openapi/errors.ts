// The error bodies of the /v1 API as zod schemas (for the OpenAPI document) and the catalogue of error
// codes: what each means, and its HTTP status. A new code in ERROR_CODES does not compile until it is
// described here, and lib/openapi/document.test.ts checks that the published enum lists them all.
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors/app-error";
import { ERROR_STATUS, STATUS_TITLE } from "@/lib/http/error-status";
import { PROBLEM_CONTENT_TYPE } from "@/lib/http/problem";

export { PROBLEM_CONTENT_TYPE };

/** When each code is returned: shown in the error codes table of /docs/api. */
export const ERROR_CODE_DESCRIPTIONS: Record<ErrorCode, string> = {
  VALIDATION_ERROR:
    "The body, query or path fails its schema: a missing or unknown field, a wrong type, malformed JSON, " +
    "a repeated query parameter. `errors` names each field.",
  INVALID_VRM: "A `vrm` is not a UK registration mark in any issued format.",
  INVALID_VIN: "A `vin` is not 17 letters and digits without I, O and Q.",
  THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND:
    "`thirdPartyLogisticsProviderId` matches no 3PL configured for the caller's profile.",
  PROVIDER_CANNOT_FULFIL_MOVEMENT: "The chosen 3PL does not carry out the requested transport method.",
  MOVEMENT_ALREADY_EXISTS: "The prep job already has an outbound movement, so it cannot wait for one.",
  MOVEMENT_REQUEST_NOT_EDITABLE:
    "The movement request is in progress or finished and can no longer be changed.",
  INVALID_DELIVERY_DATE:
    "`destination.deliveryByDate` is before today at the destination site, or before the request's " +
    "ready-to-collect date. Nothing was created or changed.",
  PREP_JOB_ALREADY_EXISTS:
    "The vehicle (VIN) already has an open prep job in the organisation (any stage short of " +
    "`OUTBOUND`/`DELIVERED`); the message names its id. Nothing was created.",
  UNAUTHORIZED: "The `X-Service-API-Key` header is missing, or the key is unknown or revoked.",
  FORBIDDEN:
    "The API key lacks the scope the endpoint needs (`integration` or `operations`), or the " +
    "`recon_approval` scope an approval or a decline of a work item needs.",
  NOT_FOUND: "No endpoint exists at this method and path.",
  VEHICLE_MOVEMENT_REQUEST_NOT_FOUND: "No movement request of the caller's profile has this id.",
  SITE_NOT_FOUND: "A `siteId` matches no site of the caller's organisation.",
  PREP_JOB_NOT_FOUND: "No prep job of the caller's profile matches the id, vin or vrm.",
  DRIVER_NOT_FOUND: "No active driver of the organisation has this id.",
  WEBHOOK_ENDPOINT_NOT_FOUND: "No webhook endpoint of the caller's profile has this id.",
  WORK_ITEM_NOT_FOUND: "No work item of the named prep job has this id.",
  METHOD_NOT_ALLOWED: "The endpoint exists but does not support this HTTP method.",
  INVALID_STATUS_TRANSITION:
    "The resource's current status does not allow the action (for example cancelling after collection). " +
    "Nothing was changed.",
  VERSION_CONFLICT:
    "The `version` sent is no longer the resource's: someone changed it since you read it. Read it " +
    "again, then retry. Nothing was changed.",
  RECON_ITEMS_OPEN:
    "The prep job's site does not let a job move to Outbound while work items are open (not `DONE` or " +
    "`DECLINED`); the message names them. Nothing was changed.",
  MOVEMENT_REQUEST_CHANGED:
    "The movement request changed (a new version) since the plan that would assign it was made. " +
    "Nothing was changed.",
  POOL_PLAN_NOT_FOUND: "No plan of the planning pool of the caller's profile has this id.",
  NOT_IN_PLANNING_POOL:
    "`requestIds` names requests of the caller's that are not in the planning pool any more (already " +
    "carried, cancelled); `errors` names each. Nothing was planned.",
  POOL_PLAN_EXPIRED:
    "The plan's last day has passed: it is `EXPIRED` and assigns nothing. Plan the pool again.",
  POOL_PLAN_NOT_PLANNED:
    "The plan is still being planned (`PLANNING`: asked for from the board, the worker plans it) or its " +
    "planning failed (`FAILED`): there is nothing to accept yet.",
  POOL_PLAN_NOT_EDITABLE:
    "Only a `PROPOSED` plan, none of it accepted yet, has its requests moved, locked or re-planned (the " +
    "board's review).",
  POOL_PLAN_MOVE_IMPOSSIBLE:
    "The request cannot go there: not in the plan, no 3PL of its profile carries it, or the driver cannot " +
    "carry it within their hours on any day of the plan (the board's review).",
  POOL_PLAN_REQUESTS_SKIPPED:
    "Accepting skipped requests: already accepted through this plan, changed since it was made " +
    "(cancelled, planned by someone else), left unplanned by it, or not in it. `errors` names each; the " +
    "other requests asked for were assigned.",
  IDEMPOTENCY_KEY_REUSED: "The `Idempotency-Key` was already used with a different request.",
  IDEMPOTENCY_REQUEST_IN_PROGRESS:
    "A request with this `Idempotency-Key` is still being processed. Retry after `Retry-After` seconds.",
  PAYLOAD_TOO_LARGE: "The request body is larger than 1 MiB.",
  UNSUPPORTED_MEDIA_TYPE: "The request body is not sent as `Content-Type: application/json`.",
  RATE_LIMITED:
    "The API key made too many requests in the current window. Retry after `Retry-After` seconds.",
  INTERNAL_SERVER_ERROR:
    "An unexpected error. The body is `application/json` with `code` and `message` only; quote the " +
    "`X-Request-Id` when reporting it.",
  SERVICE_UNAVAILABLE: "The service is temporarily unavailable (for example its database). Retry shortly.",
  EVENTS_ARCHIVED:
    "The `since` or `cursor` points into a month of events that is past the service's storage " +
    "retention: it was archived and is no longer replayed. `archive` names it; start again from a " +
    "later `since`.",
};

/** The fragment of /docs/api that documents a code; problem bodies link to it in `type`. */
export function errorAnchor(code: ErrorCode): string {
  return `error-${code.toLowerCase().replaceAll("_", "-")}`;
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

export function titleOf(status: number): string {
  return STATUS_TITLE[status] ?? "Error";
}

export const errorCodeSchema = z.enum(ERROR_CODES).meta({
  description: "Machine-readable error code: branch on this, not on the message.",
  "x-enumDescriptions": ERROR_CODE_DESCRIPTIONS,
  "x-enumStatuses": ERROR_STATUS,
});

export const fieldErrorSchema = z
  .object({
    path: z.string().meta({ description: "Dot path of the field", example: "destination.deliveryByDate" }),
    message: z.string().meta({ example: "Expected a date as YYYY-MM-DD" }),
  })
  .meta({ id: "FieldError" });

export const archiveReferenceSchema = z
  .object({
    table: z.string().meta({ example: "Event" }),
    month: z.string().meta({ description: "The month archived, UTC (YYYY-MM)", example: "2024-09" }),
    location: z.string().meta({
      description: "The archive's key in the operator's store (compressed NDJSON): quote it to the operator",
      example: "archive/Event/2024-09.ndjson.gz",
    }),
    archivedAt: z.iso.datetime().meta({ example: "2026-11-01T03:00:00.000Z" }),
  })
  .meta({ id: "ArchiveReference" });

/** RFC 9457 problem details with the specification's `code` and `message` (lib/http/problem.ts). */
export const problemSchema = z
  .object({
    type: z.string().meta({
      description: "URI reference of the code's documentation: `/docs/api#error-…`",
      example: "/docs/api#error-validation-error",
    }),
    title: z.string().meta({ description: "Short summary of the HTTP status", example: "Bad Request" }),
    status: z.int().meta({ description: "HTTP status code", example: 400 }),
    code: errorCodeSchema,
    message: z.string().meta({
      description: "Human-readable explanation, safe to show",
      example: "The request body is invalid. destination.deliveryByDate: Expected a date as YYYY-MM-DD",
    }),
    detail: z.string().meta({ description: "Same as message (RFC 9457)" }),
    instance: z
      .string()
      .optional()
      .meta({ description: "Path of the request", example: "/v1/movement-requests/create-in-planning-pool" }),
    errors: z
      .array(fieldErrorSchema)
      .optional()
      .meta({ description: "One entry per invalid field, for validation failures" }),
    archive: archiveReferenceSchema
      .optional()
      .meta({ description: "`EVENTS_ARCHIVED` only: the archive that holds the month asked for" }),
  })
  .meta({
    id: "Problem",
    description: "Body of every 4xx (and 503) response, served as `application/problem+json`.",
  });

/** The specification's 500 body: `application/json`, never with internals. */
export const internalErrorSchema = z
  .object({
    code: z.literal("INTERNAL_SERVER_ERROR"),
    message: z.string().meta({
      example: "An unexpected error occurred. Quote the X-Request-Id when reporting it.",
    }),
  })
  .meta({ id: "InternalError", description: "Body of a 500 response, served as `application/json`." });
