// The OpenAPI document as /docs/api shows it: the one served at /v1/openapi.json, plus what only a
// reader needs. Each operation gets a curl example (`x-codeSamples`) with this service's address and the
// demo key of its scope; the server is this service's absolute address; extensions are marked; and the
// description ends with the error-code table, whose rows are the anchors problem bodies link to in
// `type` (lib/http/problem.ts).
import { ERROR_CODES } from "@/lib/errors/app-error";
import type { OpenApiDocument } from "@/lib/openapi/document";
import { ERROR_CODE_DESCRIPTIONS, errorAnchor, statusOf } from "@/lib/openapi/errors";

export type DemoKeys = { integration: string; operations: string };
export type ReferenceOptions = {
  /** Absolute base address of the API, e.g. https://vms.example.com/v1. */
  baseUrl: string;
  keys: DemoKeys;
};

type CodeSample = { lang: string; label: string; source: string };
type Parameter = { in?: string; name?: string; example?: unknown; $ref?: string };
type Operation = {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { example?: unknown }> };
  "x-extension"?: boolean;
  "x-badges"?: { name: string; position: "before" | "after" }[];
  "x-codeSamples"?: CodeSample[];
};
type Tag = { name: string; description?: string; "x-extension"?: boolean };
type PlainDocument = {
  info: { description?: string };
  servers?: { url: string; description?: string }[];
  tags?: Tag[];
  paths?: Record<string, Record<string, Operation>>;
};

const METHODS = new Set(["get", "post", "put", "patch", "delete"]);
const EXTENSION_NOTE =
  "*Extension*: beyond the interface specification; additive, it changes nothing a client written " +
  "against the specification sees.";

export function referenceDocument(document: OpenApiDocument, options: ReferenceOptions): unknown {
  // A copy: the served document is built once per process and shared.
  const copy = structuredClone(document) as unknown as PlainDocument;
  copy.servers = [{ url: options.baseUrl, description: "This service" }];
  copy.info.description = `${copy.info.description ?? ""}\n\n${errorCodesChapter()}`;
  for (const tag of copy.tags ?? []) {
    if (tag["x-extension"]) tag.description = `${tag.description ?? ""}\n\n${EXTENSION_NOTE}`;
  }
  for (const [path, item] of Object.entries(copy.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      if (operation["x-extension"]) operation["x-badges"] = [{ name: "Extension", position: "after" }];
      operation["x-codeSamples"] = [
        { lang: "Shell", label: "curl", source: curlFor(method, path, operation, options) },
      ];
    }
  }
  return copy;
}

/** Every error code with its status and meaning; each row carries the anchor problem bodies link to. */
function errorCodesChapter(): string {
  const rows = [...ERROR_CODES]
    .sort((a, b) => statusOf(a) - statusOf(b))
    .map(
      (code) =>
        `| <span id="${errorAnchor(code)}">\`${code}\`</span> | ${statusOf(code)} | ` +
        `${ERROR_CODE_DESCRIPTIONS[code].replaceAll("|", "\\|")} |`,
    );
  return [
    "## Error codes",
    "",
    "The `code` of every error response. The problem body's `type` links to its row.",
    "",
    "| Code | Status | Meaning |",
    "| --- | --- | --- |",
    ...rows,
  ].join("\n");
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** A curl request: the example path and query values, the scope's demo key, the example body. */
export function curlFor(
  method: string,
  path: string,
  operation: Operation,
  options: ReferenceOptions,
): string {
  const parameters = operation.parameters ?? [];
  const exampleOf = (where: string, name: string) =>
    parameters.find((parameter) => parameter.in === where && parameter.name === name)?.example;
  const filledPath = path.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const example = exampleOf("path", name);
    return example === undefined ? placeholder : encodeURIComponent(String(example));
  });
  const query = parameters
    .filter((parameter) => parameter.in === "query" && parameter.example !== undefined)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(parameter.example))}`)
    .join("&");
  const url = `${options.baseUrl}${filledPath}${query ? `?${query}` : ""}`;
  const scope = operation.security?.[0] && Object.values(operation.security[0])[0]?.[0];
  const key = scope === "operations" ? options.keys.operations : options.keys.integration;
  const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} ${shellQuote(url)}`];
  lines.push(`-H "X-Service-API-Key: ${key}"`);
  if (method === "post") lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  const body = operation.requestBody?.content?.["application/json"]?.example;
  if (body !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(body, null, 2))}`);
  }
  return lines.join(" \\\n  ");
}
