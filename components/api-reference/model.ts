// The OpenAPI document as the reference page shows it: chapters, tags with their operations, webhook
// events and error codes. Everything on /docs/api comes from the document served at /v1/openapi.json.
import {
  flatten,
  refName,
  resolverFor,
  type JsonSchema,
  type Resolver,
} from "@/components/api-reference/schema";
import type { ErrorCode } from "@/lib/errors/app-error";
import type { OpenApiDocument } from "@/lib/openapi/document";
import { errorAnchor } from "@/lib/openapi/errors";

export type Chapter = { id: string; title: string; markdown: string };

export type ParameterView = {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
  /** A parameter every endpoint shares (components.parameters), described in the chapters. */
  shared: boolean;
};

export type ResponseView = {
  status: string;
  description: string;
  contentType?: string;
  schema?: JsonSchema;
  example?: unknown;
  /** Error codes a problem response may carry. */
  codes: string[];
  headers: string[];
  /** A response every endpoint shares (components.responses). */
  shared: boolean;
};

export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  extension: boolean;
  scope?: string;
  parameters: ParameterView[];
  requestBody?: { required: boolean; description?: string; schema?: JsonSchema; example?: unknown };
  responses: ResponseView[];
};

export type TagView = {
  id: string;
  name: string;
  description?: string;
  extension: boolean;
  operations: OperationView[];
  /** Webhook events (sent by the service) filed under the tag. */
  webhooks: OperationView[];
};

export type ObjectView = { name: string; description?: string; schema: JsonSchema; example?: unknown };

export type ErrorCodeView = { code: string; status: number; description: string; anchor: string };

export type ReferenceModel = {
  title: string;
  version: string;
  chapters: Chapter[];
  tags: TagView[];
  /** The named schemas (components.schemas), described once and linked from responses. */
  objects: ObjectView[];
  errorCodes: ErrorCodeView[];
  resolve: Resolver;
};

type OperationObject = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaObject> };
  responses?: Record<string, unknown>;
  [extension: `x-${string}`]: unknown;
};
type MediaObject = { schema?: JsonSchema; example?: unknown };
type ResponseObject = {
  description?: string;
  content?: Record<string, MediaObject>;
  headers?: Record<string, unknown>;
};
type DocumentLike = {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string; [extension: `x-${string}`]: unknown }[];
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

const METHODS = ["get", "post", "put", "patch", "delete"];

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** info.description: the lead, then one chapter per "## " heading. */
function chaptersOf(description = ""): Chapter[] {
  const [lead = "", ...sections] = description.split(/^## /m);
  const chapters: Chapter[] = [{ id: "introduction", title: "Introduction", markdown: lead.trim() }];
  for (const section of sections) {
    const [title = "", ...body] = section.split("\n");
    chapters.push({ id: slug(title), title: title.trim(), markdown: body.join("\n").trim() });
  }
  return chapters;
}

function operationView(
  method: string,
  path: string,
  operation: OperationObject,
  resolve: Resolver,
): OperationView {
  const parameters = (operation.parameters ?? []).map((raw) => {
    const parameter = resolve(raw) as ParameterView & { schema?: JsonSchema };
    return {
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      description: parameter.description,
      schema: parameter.schema,
      example:
        parameter.example ?? (parameter.schema ? flatten(parameter.schema, resolve).example : undefined),
      shared: typeof (raw as { $ref?: unknown }).$ref === "string",
    };
  });
  const bodyMedia = operation.requestBody?.content?.["application/json"];
  const responses = Object.entries(operation.responses ?? {}).map(([status, raw]): ResponseView => {
    const response = resolve(raw) as ResponseObject;
    const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
    const codeEnum = media?.schema?.allOf
      ?.map((member) => member.properties?.code?.enum)
      .find((values): values is unknown[] => Array.isArray(values));
    return {
      status,
      description: response.description ?? "",
      contentType,
      schema: media?.schema,
      example: media?.example,
      codes: (codeEnum ?? []).map(String),
      headers: Object.keys(response.headers ?? {}),
      shared: typeof (raw as { $ref?: unknown }).$ref === "string",
    };
  });
  return {
    id: operation.operationId ?? slug(`${method} ${path}`),
    method,
    path,
    summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
    description: operation.description,
    extension: operation["x-extension"] === true,
    scope: operation.security?.[0] && Object.values(operation.security[0])[0]?.[0],
    parameters,
    requestBody: operation.requestBody
      ? {
          required: operation.requestBody.required === true,
          description: operation.requestBody.description,
          schema: bodyMedia?.schema,
          example: bodyMedia?.example,
        }
      : undefined,
    responses,
  };
}

function operationsOf(items: Record<string, Record<string, unknown>>, resolve: Resolver) {
  return Object.entries(items).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method] as OperationObject;
      return { tags: operation.tags ?? [], view: operationView(method, path, operation, resolve) };
    }),
  );
}

export function referenceModel(openApi: OpenApiDocument): ReferenceModel {
  // The generated types are closed interfaces; the page reads the document as plain JSON.
  const document = openApi as unknown as DocumentLike;
  const resolve = resolverFor(document);
  const operations = operationsOf(document.paths ?? {}, resolve);
  // An object's example, from any operation that has one: shown wherever the object is returned.
  const exampleOf = new Map<string, unknown>();
  for (const response of operations.flatMap(({ view }) => view.responses)) {
    const name = refName(response.schema);
    if (name && response.example !== undefined && !exampleOf.has(name)) exampleOf.set(name, response.example);
  }
  for (const response of operations.flatMap(({ view }) => view.responses)) {
    response.example ??= exampleOf.get(refName(response.schema) ?? "");
  }
  const webhooks = operationsOf(document.webhooks ?? {}, resolve).map(({ tags, view }) => ({
    tags,
    view: { ...view, id: `webhook-${slug(view.path)}` },
  }));
  const filed = (list: typeof operations, tag: string) =>
    list.filter((operation) => operation.tags.includes(tag)).map(({ view }) => view);
  const tags = (document.tags ?? []).map((tag): TagView => ({
    id: `tag-${slug(tag.name)}`,
    name: tag.name,
    description: tag.description,
    extension: tag["x-extension"] === true,
    operations: filed(operations, tag.name),
    webhooks: filed(webhooks, tag.name),
  }));
  const code = document.components?.schemas?.Problem?.properties?.code ?? {};
  const descriptions = (code["x-enumDescriptions"] ?? {}) as Record<string, string>;
  const statuses = (code["x-enumStatuses"] ?? {}) as Record<string, number>;
  return {
    title: document.info.title,
    version: document.info.version,
    chapters: chaptersOf(document.info.description),
    tags: tags.filter((tag) => tag.operations.length + tag.webhooks.length > 0),
    // Webhook payloads are described with their event; the other named schemas under Objects.
    objects: Object.entries(document.components?.schemas ?? {})
      .filter(([name]) => !webhooks.some(({ view }) => refName(view.requestBody?.schema) === name))
      .map(([name, schema]) => ({
        name,
        description: schema.description,
        schema,
        example: exampleOf.get(name),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    errorCodes: (code.enum ?? []).map(String).map((each) => ({
      code: each,
      status: statuses[each] ?? 0,
      description: descriptions[each] ?? "",
      anchor: errorAnchor(each as ErrorCode),
    })),
    resolve,
  };
}
