/// <reference types="vite/client" />
// Property-based: no request, however malformed, gets a 5xx from any /v1 endpoint. Every route and
// method found under app/v1 gets generated garbage — bodies of any JSON shape or none, wrong content
// types, unknown and malformed query parameters, odd path parameters, and valid bodies with one field
// replaced by anything — and must answer with a 2xx or a 4xx problem body. That includes the operations
// endpoints (drivers, lifecycle, prep-site moves) and the webhook-endpoint endpoints. The server
// actions' inputs get the same treatment over HTTP in e2e/ui/server-action-inputs.spec.ts; together
// they send over 10,000 generated requests (issue #7).
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/prisma/factories/api-key";
import { createMovementWorld, poolRequestBody, type MovementWorld } from "@/test/movement-world";
import { setupTestDatabase } from "@/test/test-database";
import { loadV1Routes, pathOf, type HttpMethod, type V1Route } from "@/test/v1-routes";

const RUNS_PER_ENDPOINT = Number(process.env.GARBAGE_RUNS_PER_ENDPOINT ?? 250);

const database = setupTestDatabase();
let world: MovementWorld;
let apiKey: string;
let routes: V1Route[];

beforeAll(async () => {
  world = await createMovementWorld(database.prisma);
  // One key with every scope, so that every endpoint gets past authorisation to its input handling.
  apiKey = (
    await createApiKey(database.prisma, {
      profileId: world.profile.id,
      scopes: ["integration", "operations"],
    })
  ).key;
  routes = await loadV1Routes(import.meta.glob("/app/v1/**/route.ts"));
});

const jsonValue = fc.jsonValue({ maxDepth: 4 });
const fieldNames = fc.constantFrom(
  "vehicle",
  "origin",
  "destination",
  "vin",
  "vrm",
  "location",
  "siteId",
  "deliveryByDate",
  "deliveryByTime",
  "businessArea",
  "transportMethod",
  "notes",
  "requestedBy",
  "stage",
  "substage",
  "driverId",
  "driverIds",
  "reason",
  "on",
  "legNumber",
  "url",
  "eventTypes",
  "since",
  "prepSiteId",
  "thirdPartyLogisticsProviderId",
);
const objectWithKnownFields = fc.dictionary(fieldNames, jsonValue, { maxKeys: 6 });
/** A valid create body with one leaf replaced by anything. */
const mutatedValidBody = fc
  .tuple(
    fc.constantFrom("vehicle", "origin", "destination", "businessArea", "notes", "transportMethod"),
    jsonValue,
  )
  .map(([field, value]) => ({ ...poolRequestBody(world), [field]: value }));
const body = fc.oneof(
  fc.constant(undefined),
  jsonValue.map((value) => JSON.stringify(value)),
  objectWithKnownFields.map((value) => JSON.stringify(value)),
  mutatedValidBody.map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    "{",
    "[1,2",
    "null",
    '{"a":1e999999}',
    '{"notes":"\\ud800"}',
    "\u0000",
    '{"__proto__":{"x":1}}',
  ),
);
const contentType = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  undefined,
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", "0", "-1", "251", "1e3", "abc", "2026-13-45T99:99:99Z", "%00"),
);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom("vin", "vrm", "limit", "cursor", "since", "stage", "substage", "prepSiteId"),
    fc.string({ maxLength: 10 }),
  ),
  queryValue,
  { maxKeys: 4 },
);
const pathParam = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.constantFrom("01J00000000000000000000000", "../../x", "%", "a".repeat(500)),
);

async function send(
  route: V1Route,
  method: HttpMethod,
  input: { body?: string; contentType?: string; query: Record<string, string>; param: string },
) {
  const params = Object.fromEntries(route.params.map((name) => [name, input.param]));
  const url = new URL(pathOf(route, params), "http://localhost");
  for (const [name, value] of Object.entries(input.query)) url.searchParams.append(name, value);
  const headers = new Headers({ "x-service-api-key": apiKey });
  if (input.contentType) headers.set("content-type", input.contentType);
  const request = new Request(url, { method, headers, body: method === "GET" ? undefined : input.body });
  return route.handlers[method]!(request, { params: Promise.resolve(params) });
}

describe("garbage in, never a 5xx", () => {
  it("covers the routes it should", () => {
    expect(routes.length).toBeGreaterThan(20);
    const templates = routes.map((route) => route.template);
    expect(templates).toEqual(
      expect.arrayContaining([
        "/v1/operations/drivers",
        "/v1/operations/movement-requests/[requestId]/assign",
        "/v1/operations/prep-jobs/[id]/move",
        "/v1/webhooks/endpoints",
        "/v1/webhooks/endpoints/[id]",
        "/v1/webhooks/endpoints/[id]/replay",
        "/v1/webhooks/endpoints/[id]/rotate-secret",
      ]),
    );
  });

  it("answers every generated request to every endpoint with a 2xx or a 4xx problem", async () => {
    let requests = 0;
    let endpoints = 0;
    for (const route of routes) {
      for (const method of Object.keys(route.handlers) as HttpMethod[]) {
        endpoints += 1;
        await fc.assert(
          fc.asyncProperty(
            body,
            contentType,
            query,
            pathParam,
            async (generatedBody, type, generatedQuery, param) => {
              requests += 1;
              const response = await send(route, method, {
                body: generatedBody,
                contentType: type,
                query: generatedQuery,
                param,
              });
              const where = `${method} ${route.template} → ${response.status}`;
              expect(response.status, where).toBeLessThan(500);
              if (response.status >= 400) {
                expect(response.headers.get("content-type"), where).toBe("application/problem+json");
                const problem = (await response.json()) as { code?: unknown; message?: unknown };
                expect(typeof problem.code, where).toBe("string");
                expect(typeof problem.message, where).toBe("string");
              }
            },
          ),
          { numRuns: RUNS_PER_ENDPOINT },
        );
      }
    }
    console.log(`/v1: ${requests} generated requests to ${endpoints} endpoints, none answered 5xx`);
    expect(requests).toBe(endpoints * RUNS_PER_ENDPOINT);
  }, 600_000);

  it("answers a body over 1 MiB with 413 and a wrong content type with 415 on every body endpoint", async () => {
    const huge = JSON.stringify({ notes: "x".repeat(1024 * 1024 + 10) });
    let checked = 0;
    for (const route of routes) {
      for (const method of ["POST", "PATCH"] as const) {
        if (!route.handlers[method]?.apiOptions?.schemas?.body) continue;
        checked += 1;
        const params = Object.fromEntries(route.params.map((name) => [name, "01J00000000000000000000000"]));
        const tooLarge = await send(route, method, {
          body: huge,
          contentType: "application/json",
          query: {},
          param: params[route.params[0] ?? ""] ?? "x",
        });
        expect([413, 404], `${method} ${route.template}`).toContain(tooLarge.status);
        const wrongType = await send(route, method, {
          body: "a=1",
          contentType: "application/x-www-form-urlencoded",
          query: {},
          param: "01J00000000000000000000000",
        });
        expect([415, 404], `${method} ${route.template}`).toContain(wrongType.status);
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
