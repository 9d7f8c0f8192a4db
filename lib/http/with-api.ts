// The one wrapper of every /v1 route handler: request id, API-key authentication and scope check,
// size-limited JSON parsing, zod validation of body / query / path, and error mapping. Handlers get
// typed input and the caller, and only call the domain.
import { z } from "zod";
import type { ApiCaller } from "@/lib/auth/api-caller";
import { API_KEY_HEADER, authenticateApiKey } from "@/lib/auth/authenticate-api-key";
import type { ApiKeyScope } from "@/lib/generated/prisma/enums";
import { AppError } from "@/lib/errors/app-error";
import { withIdempotency } from "@/lib/http/idempotency";
import { consumeRateLimit } from "@/lib/http/rate-limit";
import { toAppError } from "@/lib/http/to-app-error";
import { problemResponse } from "@/lib/http/problem";
import { readJsonBody } from "@/lib/http/read-json-body";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/request-context/request-id";
import { validationError } from "@/lib/http/validation";
import { logger } from "@/lib/logger";
import { runAsReader } from "@/lib/read-replicas/read-kysely";

type Schemas = {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
};

type Parsed<S extends Schemas, K extends keyof Schemas> = S[K] extends z.ZodType ? z.output<S[K]> : undefined;

export type ApiContext<S extends Schemas> = {
  request: Request;
  requestId: string;
  caller: ApiCaller;
  body: Parsed<S, "body">;
  query: Parsed<S, "query">;
  params: Parsed<S, "params">;
};

const NO_QUERY_PARAMETERS = z.strictObject({});

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export type ApiOptions<S extends Schemas = Schemas> = { scope: ApiKeyScope; schemas?: S };

/** A route handler, carrying what it declared (tests and the OpenAPI coverage check read it). */
export type ApiRouteHandler = ((request: Request, routeContext: RouteContext) => Promise<Response>) & {
  apiOptions: ApiOptions;
};

export function withApi<S extends Schemas>(
  options: ApiOptions<S>,
  handler: (context: ApiContext<S>) => Promise<Response>,
): ApiRouteHandler {
  const schemas = (options.schemas ?? {}) as S;
  const route = async (request: Request, routeContext: RouteContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    const startedAt = performance.now();
    // Parsed once: the query, the idempotency hash, the problem's instance and the log line all use it.
    const url = new URL(request.url);
    let response: Response;
    let rateLimitHeaders: Record<string, string> = {};
    try {
      const caller = await authenticateApiKey(request.headers.get(API_KEY_HEADER));
      if (!caller.scopes.includes(options.scope)) {
        throw new AppError("FORBIDDEN", `This API key lacks the "${options.scope}" scope needed here.`);
      }
      rateLimitHeaders = await consumeRateLimit(caller.apiKeyId, caller.organisationId);
      const params = parseWith(schemas.params, await routeContext.params, "path");
      // An endpoint that declares no query parameters takes none: unknown ones are refused, not ignored.
      const query =
        schemas.query || url.search !== ""
          ? parseWith(schemas.query ?? NO_QUERY_PARAMETERS, queryObjectOf(url), "query")
          : {};
      const raw =
        schemas.body && !isAbsentOptionalBody(request, schemas.body)
          ? await readJsonBody(request)
          : undefined;
      const body = schemas.body ? parseWith(schemas.body, raw?.value, "body") : undefined;
      // A GET may read from a replica; a write, and every read inside it, goes to the primary.
      const reader = { caller: `api-key:${caller.apiKeyId}`, writes: !isReadOnlyMethod(request.method) };
      response = await runAsReader(reader, () =>
        withIdempotency(request, url.pathname, caller, raw?.text ?? "", () =>
          handler({ request, requestId, caller, body, query, params } as ApiContext<S>),
        ),
      );
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === "INTERNAL_SERVER_ERROR") {
        logger.error("request failed", { requestId, method: request.method, url: request.url, error });
      }
      response = problemResponse(appError, url.pathname);
    }
    response.headers.set(REQUEST_ID_HEADER, requestId);
    for (const [name, value] of Object.entries(rateLimitHeaders)) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
    logger.debug("request", {
      requestId,
      method: request.method,
      path: url.pathname,
      status: response.status,
      durationMs: Math.round(performance.now() - startedAt),
    });
    return response;
  };
  return Object.assign(route, { apiOptions: options });
}

function isReadOnlyMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

/**
 * Parsed synchronously: an async parse costs a promise or more per call on every request. No API schema
 * has an async refinement (zod would throw on one here, and the endpoint's tests would fail).
 */
function parseWith(schema: z.ZodType | undefined, value: unknown, where: "body" | "query" | "path") {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}

/** No body sent (no Content-Type, no length) where the body schema is `.optional()`: body is undefined. */
function isAbsentOptionalBody(request: Request, schema: z.ZodType): boolean {
  const length = request.headers.get("content-length");
  const sent = ["content-type", "transfer-encoding"].some((name) => request.headers.has(name));
  if (sent || (length !== null && length !== "0")) return false;
  return schema.safeParse(undefined).success;
}

/** Query parameters as an object; a repeated parameter is an error, not a silent pick. */
function queryObjectOf(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    if (name in query) {
      throw new AppError("VALIDATION_ERROR", `The query parameter "${name}" is given more than once.`, {
        errors: [{ path: name, message: "Given more than once" }],
      });
    }
    query[name] = value;
  }
  return query;
}
