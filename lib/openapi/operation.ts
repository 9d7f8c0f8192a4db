// One /v1 endpoint → its OpenAPI operation, with everything lib/http/with-api.ts adds to every route:
// API-key security with the route's scope, X-Request-Id, Idempotency-Key on POST, rate-limit headers,
// and the problem responses the wrapper itself can give (401, 403, 413, 415, 409 idempotency, 429,
// 500, 503). A path module only states what is particular to the endpoint.
import { z } from "zod";
import type {
  ZodObjectInput,
  ZodOpenApiOperationObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
  oas31,
} from "zod-openapi";
import type { ErrorCode } from "@/lib/errors/app-error";
import type { ApiKeyScope } from "@/lib/generated/prisma/enums";
import { PROBLEM_CONTENT_TYPE, statusOf, titleOf } from "@/lib/openapi/errors";
import {
  RATE_LIMIT_HEADERS,
  type ResponseHeaderName,
  headerRefs,
  idempotencyKeyParameter,
  requestIdParameter,
} from "@/lib/openapi/headers";

export const TAGS = {
  movementRequests: "Movement requests",
  infrastructure: "Infrastructure",
  prepJobs: "Prep jobs",
  operations: "Operations",
  events: "Events",
  webhooks: "Webhook endpoints",
} as const;
export type Tag = (typeof TAGS)[keyof typeof TAGS];

export const SECURITY_SCHEME = "apiKey";
/** Carries parameter examples until document.ts moves them onto the generated parameters. */
export const PARAMETER_EXAMPLES = "x-parameter-examples";

type Method = "get" | "post" | "patch" | "put" | "delete";

export type EndpointDefinition = {
  /** camelCase, unique in the document. */
  operationId: string;
  summary: string;
  /** Markdown. */
  description?: string;
  tag: Tag;
  /** The scope the route's withApi() demands. */
  scope: ApiKeyScope;
  /** Ours, beyond the interface specification (extensions.md). */
  extension?: boolean;
  /** The route's zod schemas, exactly as passed to withApi({ schemas }). */
  params?: ZodObjectInput;
  query?: ZodObjectInput;
  body?: z.ZodType;
  /** A request body the body schema accepts (checked when the document is built). */
  bodyExample?: unknown;
  /** Example path and query parameter values, as the params and query schemas accept them. */
  paramsExample?: Record<string, string>;
  queryExample?: Record<string, string>;
  success:
    | { status: 200 | 201 | 202; description: string; schema: z.ZodType; example?: unknown }
    | { status: 204; description: string };
  /** The codes the endpoint's domain can answer with; the wrapper's own codes are added. */
  errors?: readonly ErrorCode[];
};

/** Responses every endpoint shares: components.responses, one code each. */
export const SHARED_ERROR_RESPONSES = {
  Unauthorized: "UNAUTHORIZED",
  Forbidden: "FORBIDDEN",
  PayloadTooLarge: "PAYLOAD_TOO_LARGE",
  UnsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  TooManyRequests: "RATE_LIMITED",
  InternalServerError: "INTERNAL_SERVER_ERROR",
  ServiceUnavailable: "SERVICE_UNAVAILABLE",
} as const satisfies Record<string, ErrorCode>;
type SharedResponse = keyof typeof SHARED_ERROR_RESPONSES;

const responseRef = (name: SharedResponse): oas31.ReferenceObject => ({
  $ref: `#/components/responses/${name}`,
});

/** A problem+json response whose `code` is narrowed to the codes listed. */
export function problemResponse(
  codes: readonly ErrorCode[],
  extraHeaders: Partial<Record<string, ResponseHeaderName>> = {},
): ZodOpenApiResponseObject {
  const status = statusOf(codes[0] as ErrorCode);
  const afterAuthentication = !codes.includes("UNAUTHORIZED");
  return {
    description: titleOf(status),
    headers: headerRefs({
      "X-Request-Id": "XRequestId",
      ...(afterAuthentication ? RATE_LIMIT_HEADERS : {}),
      ...extraHeaders,
    }),
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: {
          allOf: [
            { $ref: "#/components/schemas/Problem" },
            { type: "object", properties: { code: { type: "string", enum: [...codes] } } },
          ],
        },
      },
    },
  };
}

/** components.responses. */
export function sharedResponses(): Record<SharedResponse, ZodOpenApiResponseObject> {
  const retryAfter = { "Retry-After": "RetryAfter" } as const;
  return {
    Unauthorized: problemResponse(["UNAUTHORIZED"]),
    Forbidden: problemResponse(["FORBIDDEN"]),
    PayloadTooLarge: problemResponse(["PAYLOAD_TOO_LARGE"]),
    UnsupportedMediaType: problemResponse(["UNSUPPORTED_MEDIA_TYPE"]),
    TooManyRequests: problemResponse(["RATE_LIMITED"], retryAfter),
    ServiceUnavailable: problemResponse(["SERVICE_UNAVAILABLE"], retryAfter),
    InternalServerError: {
      description: "Internal Server Error",
      headers: headerRefs({ "X-Request-Id": "XRequestId" }),
      content: { "application/json": { schema: { $ref: "#/components/schemas/InternalError" } } },
    },
  };
}

function buildOperation(method: Method, endpoint: EndpointDefinition): ZodOpenApiOperationObject {
  const { body, success } = endpoint;
  const hasBody = body !== undefined;
  const isPost = method === "post";
  if (hasBody && endpoint.bodyExample !== undefined) {
    assertExample(endpoint.operationId, "bodyExample", body, endpoint.bodyExample);
  }
  if (endpoint.params && endpoint.paramsExample) {
    assertExample(endpoint.operationId, "paramsExample", endpoint.params, endpoint.paramsExample);
  }
  if (endpoint.query && endpoint.queryExample) {
    assertExample(endpoint.operationId, "queryExample", endpoint.query, endpoint.queryExample);
  }
  if ("schema" in success && success.example !== undefined) {
    assertExample(endpoint.operationId, "success.example", success.schema, success.example);
  }

  // The domain's codes and the wrapper's, grouped by status (400, 404, 409 are per endpoint).
  const codes = new Set<ErrorCode>(["VALIDATION_ERROR", ...(endpoint.errors ?? [])]);
  if (isPost) {
    codes.add("IDEMPOTENCY_KEY_REUSED");
    codes.add("IDEMPOTENCY_REQUEST_IN_PROGRESS");
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }

  const responses: ZodOpenApiResponsesObject = {};
  const set = (status: number, response: ZodOpenApiResponseObject | oas31.ReferenceObject) => {
    responses[String(status) as `${1 | 2 | 3 | 4 | 5}${string}`] = response;
  };
  set(success.status, {
    description: success.description,
    headers: headerRefs({
      "X-Request-Id": "XRequestId",
      ...RATE_LIMIT_HEADERS,
      ...(isPost ? { "Idempotent-Replayed": "IdempotentReplayed" } : {}),
    }),
    ...("schema" in success
      ? {
          content: {
            "application/json": {
              schema: success.schema,
              ...(success.example === undefined ? {} : { example: success.example }),
            },
          },
        }
      : {}),
  });
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const listed = byStatus.get(status) ?? [];
    const inProgress = listed.includes("IDEMPOTENCY_REQUEST_IN_PROGRESS");
    set(status, problemResponse(listed, inProgress ? { "Retry-After": "RetryAfter" } : {}));
  }
  set(401, responseRef("Unauthorized"));
  set(403, responseRef("Forbidden"));
  if (hasBody) {
    set(413, responseRef("PayloadTooLarge"));
    set(415, responseRef("UnsupportedMediaType"));
  }
  set(429, responseRef("TooManyRequests"));
  set(500, responseRef("InternalServerError"));
  set(503, responseRef("ServiceUnavailable"));

  const bodyIsOptional = hasBody && body.safeParse(undefined).success;
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    security: [{ [SECURITY_SCHEME]: [endpoint.scope] }],
    ...(endpoint.extension ? { "x-extension": true } : {}),
    ...(endpoint.paramsExample || endpoint.queryExample
      ? { [PARAMETER_EXAMPLES]: { path: endpoint.paramsExample, query: endpoint.queryExample } }
      : {}),
    ...(endpoint.params || endpoint.query
      ? {
          requestParams: {
            ...(endpoint.params ? { path: endpoint.params } : {}),
            ...(endpoint.query ? { query: endpoint.query } : {}),
          },
        }
      : {}),
    parameters: isPost ? [idempotencyKeyParameter, requestIdParameter] : [requestIdParameter],
    ...(hasBody
      ? {
          requestBody: {
            required: !bodyIsOptional,
            ...(bodyIsOptional
              ? { description: "Optional: send no body (and no Content-Type) to use the defaults." }
              : {}),
            content: {
              "application/json": {
                schema: body,
                ...(endpoint.bodyExample === undefined ? {} : { example: endpoint.bodyExample }),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** Examples are checked against their schema, so that the reference never shows a refused body. */
function assertExample(operationId: string, what: string, schema: z.core.$ZodType, example: unknown): void {
  const checked = z.safeParse(schema, example);
  if (!checked.success) {
    throw new Error(`${operationId}: ${what} does not match its schema: ${checked.error.message}`);
  }
}

/** `op.post({...})` etc.: the operation of one endpoint. */
export const op = {
  get: (endpoint: EndpointDefinition) => buildOperation("get", endpoint),
  post: (endpoint: EndpointDefinition) => buildOperation("post", endpoint),
  patch: (endpoint: EndpointDefinition) => buildOperation("patch", endpoint),
  put: (endpoint: EndpointDefinition) => buildOperation("put", endpoint),
  delete: (endpoint: EndpointDefinition) => buildOperation("delete", endpoint),
};
