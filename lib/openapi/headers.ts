// Request and response headers the /v1 wrapper (lib/http/with-api.ts) reads and writes, as reusable
// OpenAPI components. Headers are not validated by a zod schema in the wrapper, so these describe what
// lib/request-context/request-id.ts, idempotency.ts and rate-limit.ts do.
import { z } from "zod";
import type { oas31 } from "zod-openapi";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "@/lib/http/idempotency";
import { ACCEPTABLE_REQUEST_ID } from "@/lib/request-context/request-id";

/** The specification's spelling; lib/auth/authenticate-api-key.ts reads it case-insensitively. */
export const API_KEY_HEADER_NAME = "X-Service-API-Key";

export const requestIdParameter = z
  .string()
  .regex(ACCEPTABLE_REQUEST_ID)
  .optional()
  .meta({
    description:
      "Your correlation id for the request, echoed in the `X-Request-Id` response header and in every " +
      "log line about the request. 1 to 128 of `A-Z a-z 0-9 . _ : -`; any other value is replaced by a " +
      "generated id.",
    example: "req_7f3a9c",
    param: { id: "XRequestId", in: "header", name: "X-Request-Id" },
  });

export const idempotencyKeyParameter = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX_LENGTH)
  .optional()
  .meta({
    description:
      "Makes a POST safe to retry. The same key with the same request within 24 hours returns the stored " +
      "response (with `Idempotent-Replayed: true`) without running the request again; the same key with a " +
      "different request is `409 IDEMPOTENCY_KEY_REUSED`; while the first request still runs, " +
      "`409 IDEMPOTENCY_REQUEST_IN_PROGRESS`. Server errors are not stored. Keys are per API key; use a UUID.",
    example: "8e03978e-40d5-43e8-bc93-6894a57f9324",
    param: { id: "IdempotencyKey", in: "header", name: "Idempotency-Key" },
  });

const integerHeader = (description: string, example: number): oas31.HeaderObject => ({
  description,
  schema: { type: "integer", minimum: 0 },
  example,
});

/** components.headers: referenced by every response. */
export const responseHeaderComponents = {
  XRequestId: {
    description: "The request's id: yours when you sent a valid `X-Request-Id`, otherwise generated.",
    required: true,
    schema: { type: "string" },
    example: "01JD6Z1N8V2Y3K4M5P6Q7R8S9T",
  },
  RateLimitLimit: integerHeader("Requests allowed per window for this API key.", 100),
  RateLimitRemaining: integerHeader("Requests left in the current window.", 99),
  RateLimitReset: integerHeader("Seconds until the current window ends.", 1),
  RetryAfter: integerHeader("Seconds to wait before retrying.", 1),
  IdempotentReplayed: {
    description: "`true` when this response is a replay of a stored response for the same `Idempotency-Key`.",
    schema: { type: "string", enum: ["true"] },
  },
} satisfies Record<string, oas31.HeaderObject>;

export type ResponseHeaderName = keyof typeof responseHeaderComponents;

export function headerRefs(
  headers: Partial<Record<string, ResponseHeaderName>>,
): Record<string, oas31.ReferenceObject> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, component]) =>
      component ? [[name, { $ref: `#/components/headers/${component}` }]] : [],
    ),
  );
}

/** Sent on every response that passed authentication. */
export const RATE_LIMIT_HEADERS = {
  "RateLimit-Limit": "RateLimitLimit",
  "RateLimit-Remaining": "RateLimitRemaining",
  "RateLimit-Reset": "RateLimitReset",
} as const satisfies Record<string, ResponseHeaderName>;
