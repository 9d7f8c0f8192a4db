// The OpenAPI 3.1 document of the /v1 API, generated with zod-openapi from the zod schemas the route
// handlers validate with. To document an endpoint, add one `op.<method>({...})` entry to the path
// module of its area (lib/openapi/paths/*.ts), passing the same schemas the route gives withApi();
// a new area is a new module added to PATH_MODULES. lib/openapi/document.test.ts fails for any route
// under app/v1 that is missing here.
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { driverSchema, listDriversResponse } from "@/lib/drivers/schemas";
import { webhookEnvelopeSchema } from "@/lib/events/envelope-schema";
import {
  listSitesResponse,
  listThirdPartyProvidersResponse,
  rateCardSchema,
  siteSchema,
  thirdPartyProviderSchema,
} from "@/lib/infrastructure/schemas";
import {
  locationSchema,
  movementRequestSchema,
  movementRequestStatusSchema,
  providerSchema,
} from "@/lib/movement-requests/schemas";
import { internalErrorSchema, problemSchema } from "@/lib/openapi/errors";
import { idempotencyKeyParameter, requestIdParameter, responseHeaderComponents } from "@/lib/openapi/headers";
import { API_DESCRIPTION, API_TAGS, API_TITLE, API_VERSION } from "@/lib/openapi/info";
import { PARAMETER_EXAMPLES, SECURITY_SCHEME, sharedResponses } from "@/lib/openapi/operation";
import { eventPaths } from "@/lib/openapi/paths/events";
import { infrastructurePaths } from "@/lib/openapi/paths/infrastructure";
import { movementRequestPaths } from "@/lib/openapi/paths/movement-requests";
import { operationsPaths } from "@/lib/openapi/paths/operations";
import { prepJobPaths } from "@/lib/openapi/paths/prep-jobs";
import { webhookEndpointPaths } from "@/lib/openapi/paths/webhook-endpoints";
import { workItemPaths } from "@/lib/openapi/paths/work-items";
import { webhooks } from "@/lib/openapi/webhooks";
import { listPrepJobsResponse, prepJobSchema } from "@/lib/prep-jobs/schemas";
import { moneySchema } from "@/lib/schemas/common";
import {
  createdWebhookEndpointSchema,
  listWebhookAttemptsResponse,
  listWebhookEndpointsResponse,
  webhookAttemptSchema,
  webhookEndpointSchema,
} from "@/lib/webhooks/schemas";

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** One module per area; their paths are merged in this order. */
const PATH_MODULES: ZodOpenApiPathsObject[] = [
  movementRequestPaths,
  infrastructurePaths,
  prepJobPaths,
  workItemPaths,
  operationsPaths,
  eventPaths,
  webhookEndpointPaths,
];

/** Shared shapes published as named components (the schemas stay where the routes use them). */
const NAMED_SCHEMAS = {
  MovementRequest: movementRequestSchema,
  MovementRequestStatus: movementRequestStatusSchema,
  Location: locationSchema,
  Provider: providerSchema,
  Money: moneySchema,
  Site: siteSchema,
  SiteList: listSitesResponse,
  ThirdPartyProvider: thirdPartyProviderSchema,
  ThirdPartyProviderList: listThirdPartyProvidersResponse,
  RateCard: rateCardSchema,
  PrepJob: prepJobSchema,
  PrepJobList: listPrepJobsResponse,
  Driver: driverSchema,
  DriverList: listDriversResponse,
  WebhookEndpoint: webhookEndpointSchema,
  CreatedWebhookEndpoint: createdWebhookEndpointSchema,
  WebhookEndpointList: listWebhookEndpointsResponse,
  WebhookAttempt: webhookAttemptSchema,
  WebhookAttemptList: listWebhookAttemptsResponse,
  Problem: problemSchema,
  InternalError: internalErrorSchema,
  WebhookEvent: webhookEnvelopeSchema,
};

const HIDDEN_PATTERN_FORMATS = new Set(["date", "date-time", "email", "uri"]);

export function buildOpenApiDocument(): OpenApiDocument {
  const document = createDocument(
    {
      openapi: "3.1.0",
      info: { title: API_TITLE, version: API_VERSION, description: API_DESCRIPTION },
      servers: [{ url: "/v1", description: "This service" }],
      tags: API_TAGS,
      security: [{ [SECURITY_SCHEME]: [] }],
      paths: mergePaths(PATH_MODULES),
      webhooks,
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: "apiKey",
            in: "header",
            name: "X-Service-API-Key",
            description:
              "API key of a profile. Scopes: `integration` (movement requests, infrastructure, prep jobs) " +
              "and `operations` (the Operations endpoints); each operation lists the scope it needs.",
          },
        },
        schemas: NAMED_SCHEMAS,
        parameters: { IdempotencyKey: idempotencyKeyParameter, XRequestId: requestIdParameter },
        headers: responseHeaderComponents,
        responses: sharedResponses(),
      },
    },
    {
      override: ({ jsonSchema, zodSchema, io }) => {
        const def = zodSchema._zod.def;
        // Response objects may gain fields (an additive change): do not promise there are no others.
        if (io === "output" && def.type === "object" && !("catchall" in def && def.catchall)) {
          if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
        }
        // z.int()'s safe-integer bounds say nothing to a reader.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        // zod's exact patterns for these formats are unreadable; the format says the same.
        if (typeof jsonSchema.format === "string" && HIDDEN_PATTERN_FORMATS.has(jsonSchema.format)) {
          delete jsonSchema.pattern;
        }
      },
    },
  );
  finishParameters(document);
  describeObjects(document);
  return document;
}

/** What the named schemas are, for readers of the Objects section (their zod schemas carry no description). */
const OBJECT_DESCRIPTIONS: Record<string, string> = {
  MovementRequest:
    "A request to move one vehicle from an origin to a destination: returned by create, get, update, " +
    "cancel and every operations action. `requestedBy` and `customer` are write-only and never appear here.",
  MovementRequestStatus: "The status of a movement request. `CANCELLED` is an extension (see cancel).",
  Location: "Where a vehicle is collected or delivered. Only `INTERNAL` (one of your sites) exists so far.",
  Provider: "Who carries the movement: an own driver, a 3PL or a marketplace.",
  Money: "An amount in minor currency units (pence, cents).",
  Site: "A dealership location of your organisation.",
  SiteList: "The response of `GET /infrastructure/sites`.",
  ThirdPartyProvider: "A third-party logistics provider configured for your profile.",
  ThirdPartyProviderList: "The response of `GET /infrastructure/providers/third-party`.",
  RateCard: "How a 3PL prices one transport method: base cost plus a cost per kilometre.",
  PrepJob: "A vehicle's preparation for sale at a prep site.",
  PrepJobList: "One page of `GET /prep-jobs`.",
  Driver: "An active driver of your organisation.",
  DriverList: "The response of `GET /operations/drivers`.",
  WebhookEndpoint: "An HTTPS endpoint of yours that receives webhook events. Its secret is never shown here.",
  CreatedWebhookEndpoint:
    "A newly registered webhook endpoint, with its signing secret (shown only this once).",
  WebhookEndpointList: "The response of `GET /webhooks/endpoints`.",
  WebhookAttempt: "One attempt to deliver an event to an endpoint, and what the endpoint answered.",
  WebhookAttemptList: "One page of `GET /webhooks/endpoints/{id}/attempts`.",
};

function describeObjects(document: OpenApiDocument): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, { description?: string }>;
  for (const [name, description] of Object.entries(OBJECT_DESCRIPTIONS)) {
    const schema = schemas[name];
    if (schema && !schema.description) schema.description = description;
  }
}

/**
 * Finishing touches on the generated parameters: an operation's `x-parameter-examples` become their
 * `example`, and a description zod-openapi left on the schema only is lifted onto the parameter.
 */
function finishParameters(document: OpenApiDocument): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item) as Record<string, unknown>[]) {
      if (!operation || typeof operation !== "object") continue;
      const examples = operation[PARAMETER_EXAMPLES] as
        Partial<Record<"path" | "query", Record<string, string>>> | undefined;
      delete operation[PARAMETER_EXAMPLES];
      type Parameter = {
        in?: string;
        name?: string;
        example?: unknown;
        description?: string;
        schema?: { description?: string };
      };
      for (const parameter of (operation.parameters ?? []) as Parameter[]) {
        const value = examples?.[parameter.in as "path" | "query"]?.[parameter.name ?? ""];
        if (value !== undefined) parameter.example = value;
        if (!parameter.description && parameter.schema?.description) {
          parameter.description = parameter.schema.description;
        }
      }
    }
  }
}

function mergePaths(modules: ZodOpenApiPathsObject[]): ZodOpenApiPathsObject {
  const merged: ZodOpenApiPathsObject = {};
  const operationIds = new Set<string>();
  for (const pathModule of modules) {
    for (const [path, item] of Object.entries(pathModule)) {
      for (const [method, operation] of Object.entries(item)) {
        const id = (operation as { operationId?: string }).operationId;
        if (merged[path]?.[method as "get"]) throw new Error(`Documented twice: ${method} ${path}`);
        if (id && operationIds.has(id)) throw new Error(`Duplicate operationId: ${id}`);
        if (id) operationIds.add(id);
      }
      merged[path] = { ...merged[path], ...item };
    }
  }
  return merged;
}

let cached: OpenApiDocument | undefined;

/** The document, built once per process. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}
