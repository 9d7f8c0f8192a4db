import type { ErrorCode } from "@/lib/errors/app-error";

/** HTTP status of every error code (extensions section 2). */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_VRM: 400,
  INVALID_VIN: 400,
  THIRD_PARTY_LOGISTICS_PROVIDER_NOT_FOUND: 400,
  PROVIDER_CANNOT_FULFIL_MOVEMENT: 400,
  MOVEMENT_ALREADY_EXISTS: 400,
  MOVEMENT_REQUEST_NOT_EDITABLE: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  VEHICLE_MOVEMENT_REQUEST_NOT_FOUND: 404,
  SITE_NOT_FOUND: 404,
  PREP_JOB_NOT_FOUND: 404,
  DRIVER_NOT_FOUND: 404,
  WEBHOOK_ENDPOINT_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_STATUS_TRANSITION: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_REQUEST_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const STATUS_TITLE: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};
