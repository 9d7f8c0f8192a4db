import { readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import { AppError, ERROR_CODES } from "@/lib/errors/app-error";
import { ERROR_STATUS } from "@/lib/http/error-status";
import { problemResponse, type ProblemBody } from "@/lib/http/problem";
import { buildOpenApiDocument, openApiDocument } from "@/lib/openapi/document";
import { ERROR_CODE_DESCRIPTIONS, errorAnchor, type problemSchema } from "@/lib/openapi/errors";

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const V1 = path.join(import.meta.dirname, "../../app/v1");

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Json[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, Json>;
};

const document = buildOpenApiDocument();

/** Every route file under app/v1 as [OpenAPI path, file], except the catch-all and this document. */
function routeFiles(dir = V1, segments: string[] = []): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("[...") || entry.name === "openapi.json") return [];
      const segment = entry.name.replace(/^\[(.+)\]$/, "{$1}");
      return routeFiles(path.join(dir, entry.name), [...segments, segment]);
    }
    return entry.name === "route.ts" ? [[`/${segments.join("/")}`, path.join(dir, entry.name)]] : [];
  });
}

function operations(): [string, string, Operation][] {
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method.toUpperCase() as (typeof HTTP_METHODS)[number]))
      .map(([method, operation]): [string, string, Operation] => [route, method, operation as Operation]),
  );
}

function resolve(node: unknown): Json {
  const ref = (node as { $ref?: string }).$ref;
  if (!ref) return node as Json;
  const target = ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<unknown>((at, key) => (at as Json)[key], document);
  return resolve(target);
}

/** Every property name anywhere in a schema, following $refs. */
function propertyNames(schema: unknown, seen = new Set<unknown>()): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const resolved = resolve(node);
    for (const [key, value] of Object.entries(resolved)) {
      if (key === "properties") {
        for (const [name, property] of Object.entries(value as Json)) {
          names.add(name);
          visit(property);
        }
      } else if (typeof value === "object") {
        visit(value);
      }
    }
  };
  visit(schema);
  return names;
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is built once per process", () => {
    expect(openApiDocument()).toBe(openApiDocument());
  });

  it("describes the API: title, versions, server, API-key security", () => {
    expect(document.info.title).toBe("Vehicle Movement Service API");
    expect(document.info.version).toBe("1.0.0-alpha");
    expect(document.info.description).toContain("1.0.0");
    expect(document.servers).toEqual([{ url: "/v1", description: expect.any(String) }]);
    expect(document.security).toEqual([{ apiKey: [] }]);
    expect(document.components?.securitySchemes?.apiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Service-API-Key",
    });
  });

  it("documents every method of every route under app/v1", async () => {
    const routes = routeFiles();
    expect(routes.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const [route, file] of routes) {
      const exports = (await import(file)) as Record<string, unknown>;
      for (const method of HTTP_METHODS) {
        if (typeof exports[method] !== "function") continue;
        const item = document.paths?.[route] as Record<string, unknown> | undefined;
        if (!item?.[method.toLowerCase()]) missing.push(`${method} ${route}`);
      }
    }
    expect(missing, "routes missing from lib/openapi/paths/*.ts").toEqual([]);
  });

  it("documents no path that has no route", () => {
    const routes = new Set(routeFiles().map(([route]) => route));
    expect(Object.keys(document.paths ?? {}).filter((route) => !routes.has(route))).toEqual([]);
  });

  it("gives every operation a camelCase id, a tag, its scope, X-Request-Id and its problem responses", () => {
    const ids = new Set<string>();
    for (const [route, method, operation] of operations()) {
      const where = `${method} ${route}`;
      expect(operation.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(ids.has(operation.operationId ?? ""), `${where}: duplicate operationId`).toBe(false);
      ids.add(operation.operationId ?? "");
      expect(operation.tags?.length, where).toBe(1);
      const scopes = operation.security?.[0]?.apiKey;
      expect(["integration", "operations"], where).toContain(scopes?.[0]);

      const parameters = (operation.parameters ?? []).map((parameter) => resolve(parameter).name);
      expect(parameters, where).toContain("X-Request-Id");
      if (method === "post") expect(parameters, where).toContain("Idempotency-Key");
      for (const placeholder of route.match(/\{(\w+)\}/g) ?? []) {
        const parameter = (operation.parameters ?? [])
          .map(resolve)
          .find((each) => each.in === "path" && each.name === placeholder.slice(1, -1));
        expect(parameter?.example, `${where}: example of ${placeholder}`).toEqual(expect.any(String));
      }
      expect(operation, where).not.toHaveProperty("x-parameter-examples");

      const statuses = Object.keys(operation.responses);
      expect(statuses, where).toEqual(expect.arrayContaining(["400", "401", "403", "429", "500"]));
      if (operation.requestBody) expect(statuses, where).toEqual(expect.arrayContaining(["413", "415"]));
      expect(resolve(operation.responses["500"]).content, where).toHaveProperty("application/json");
      expect(resolve(operation.responses["429"]).headers, where).toHaveProperty("Retry-After");
    }
  });

  it("lists, in each problem response, only codes with that response's status", () => {
    for (const [route, method, operation] of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = (resolve(response).content as Record<string, { schema: Json }> | undefined)?.[
          "application/problem+json"
        ];
        if (!media) continue;
        const narrowing = (media.schema.allOf as Json[])[1] as { properties: { code: { enum: string[] } } };
        for (const code of narrowing.properties.code.enum) {
          expect(
            ERROR_STATUS[code as keyof typeof ERROR_STATUS],
            `${method} ${route} ${status} ${code}`,
          ).toBe(Number(status));
        }
      }
    }
  });

  it.each(["requestedBy", "customer"])(
    "publishes %s as write-only: in both create requests, never in a movement request",
    (field) => {
      for (const path of [
        "/movement-requests/create-in-planning-pool",
        "/movement-requests/create-with-3pl",
      ]) {
        const create = document.paths?.[path]?.post as Operation;
        const requestSchema = create.requestBody?.content["application/json"]?.schema;
        expect(propertyNames(requestSchema).has(field), path).toBe(true);
        const created = resolve(create.responses["201"]).content as Record<string, { schema: Json }>;
        expect(propertyNames(created["application/json"]?.schema).has(field)).toBe(false);
        expect(propertyNames(created["application/json"]?.schema).has("trackingUrl")).toBe(true);
      }
      expect(propertyNames(document.components?.schemas?.MovementRequest).has(field)).toBe(false);
    },
  );

  it("lists every error code in the Problem schema, described and with its status", () => {
    const problem = document.components?.schemas?.Problem as { properties: { code: Json } };
    const code = problem.properties.code;
    expect(code.enum).toEqual([...ERROR_CODES]);
    expect(Object.keys(code["x-enumDescriptions"] as Json).sort()).toEqual([...ERROR_CODES].sort());
    expect(code["x-enumStatuses"]).toEqual(ERROR_STATUS);
    for (const description of Object.values(ERROR_CODE_DESCRIPTIONS)) expect(description).not.toBe("");
  });

  it("links problem bodies to the error codes' anchors on /docs/api", async () => {
    for (const code of ERROR_CODES.filter((each) => each !== "INTERNAL_SERVER_ERROR")) {
      const body = (await problemResponse(new AppError(code, "x")).json()) as ProblemBody;
      expect(body.type).toBe(`/docs/api#${errorAnchor(code)}`);
    }
  });

  it("describes the problem body lib/http/problem.ts sends", () => {
    expectTypeOf<z.infer<typeof problemSchema>>().toEqualTypeOf<ProblemBody>();
  });

  it("marks the extension endpoints", () => {
    const extensionIds = operations()
      .filter(([, , operation]) => (operation as Json)["x-extension"] === true)
      .map(([, , operation]) => operation.operationId);
    expect(extensionIds).toEqual(
      expect.arrayContaining(["cancelMovementRequest", "listPrepJobs", "getPrepJob", "listDrivers"]),
    );
    expect(extensionIds).not.toContain("createInPlanningPool");
  });

  it("has the four webhook events and the opt-in extensions, signed with the hook-* headers and not API-key authenticated", () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([
      "movement.aborted",
      "movement.at_risk",
      "movement.cancelled",
      "movement.collected",
      "movement.delivered",
      "movement.eta_changed",
      "prep_job.estimate_awaiting_approval",
      "prep_job.work_item_changed",
    ]);
    const extensions = Object.entries(document.webhooks ?? {}).filter(
      ([, item]) => (item.post as Json)["x-extension"] === true,
    );
    expect(extensions.map(([type]) => type)).toEqual([
      "movement.at_risk",
      "movement.eta_changed",
      "prep_job.work_item_changed",
      "prep_job.estimate_awaiting_approval",
    ]);
    for (const item of Object.values(document.webhooks ?? {})) {
      const operation = item.post as Operation;
      expect(operation.security).toEqual([]);
      expect((operation.parameters ?? []).map((parameter) => resolve(parameter).name)).toEqual([
        "hook-id",
        "hook-timestamp",
        "hook-signature",
        "hook-sequence",
      ]);
    }
  });
});
