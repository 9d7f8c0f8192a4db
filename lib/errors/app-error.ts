// The one error type of the domain. It carries a machine-readable code and a message that is safe to
// show to the caller; HTTP status mapping lives in lib/http/error-status.ts, so the domain stays HTTP-free.
export type FieldError = { path: string; message: string };

/** A month of a history table that was archived and dropped (docs/operations.md, "History partitions"). */
export type ArchiveReference = { table: string; month: string; location: string; archivedAt: string };

export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "INVALID_VRM",
  "INVALID_VIN",
  "THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND",
  "PROVIDER_CANNOT_FULFIL_MOVEMENT",
  "MOVEMENT_ALREADY_EXISTS",
  "MOVEMENT_REQUEST_NOT_EDITABLE",
  "INVALID_DELIVERY_DATE",
  "PREP_JOB_ALREADY_EXISTS",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "VEHICLE_MOVEMENT_REQUEST_NOT_FOUND",
  "SITE_NOT_FOUND",
  "PREP_JOB_NOT_FOUND",
  "DRIVER_NOT_FOUND",
  "WEBHOOK_ENDPOINT_NOT_FOUND",
  "WORK_ITEM_NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "INVALID_STATUS_TRANSITION",
  "VERSION_CONFLICT",
  "RECON_ITEMS_OPEN",
  "MOVEMENT_REQUEST_CHANGED",
  "POOL_PLAN_NOT_FOUND",
  "NOT_IN_PLANNING_POOL",
  "POOL_PLAN_EXPIRED",
  "POOL_PLAN_NOT_PLANNED",
  "POOL_PLAN_NOT_EDITABLE",
  "POOL_PLAN_MOVE_IMPOSSIBLE",
  "POOL_PLAN_REQUESTS_SKIPPED",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_REQUEST_IN_PROGRESS",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL_SERVER_ERROR",
  "SERVICE_UNAVAILABLE",
  "EVENTS_ARCHIVED",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldError[];
  /** Extra response headers, e.g. Retry-After. */
  readonly headers?: Record<string, string>;
  /** EVENTS_ARCHIVED: the archive that holds what was asked for (a problem body member). */
  readonly archive?: ArchiveReference;

  constructor(
    code: ErrorCode,
    message: string,
    options?: {
      errors?: FieldError[];
      headers?: Record<string, string>;
      archive?: ArchiveReference;
    },
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.errors = options?.errors;
    this.headers = options?.headers;
    this.archive = options?.archive;
  }
}
