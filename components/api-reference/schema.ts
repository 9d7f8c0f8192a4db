// Reading the OpenAPI document for the reference page: $ref resolution, allOf merging, type labels and
// sample values generated from a schema.
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  writeOnly?: boolean;
  readOnly?: boolean;
  [extension: `x-${string}`]: unknown;
};

export type Resolver = <T>(node: T | { $ref: string }) => T;

/** A resolver of local `#/...` references against one document. */
export function resolverFor(document: unknown): Resolver {
  const resolve = <T>(node: T | { $ref: string }): T => {
    const ref = (node as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/")) return node as T;
    const target = ref
      .slice(2)
      .split("/")
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], document);
    return resolve(target as T);
  };
  return resolve;
}

/** The component name of a `$ref`, e.g. "MovementRequest". */
export function refName(node: unknown): string | undefined {
  const ref = (node as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === "string" ? ref.split("/").at(-1) : undefined;
}

/** The schema with $refs resolved and allOf members merged into one object schema. */
export function flatten(schema: JsonSchema | undefined, resolve: Resolver): JsonSchema {
  if (!schema) return {};
  const resolved = resolve<JsonSchema>(schema);
  if (!resolved.allOf) return resolved;
  const { allOf, ...rest } = resolved;
  return allOf
    .map((member) => flatten(member, resolve))
    .reduce<JsonSchema>(
      (merged, member) => ({
        ...merged,
        ...member,
        properties: mergeProperties(merged.properties, member.properties),
        required: [...new Set([...(merged.required ?? []), ...(member.required ?? [])])],
      }),
      rest,
    );
}

function mergeProperties(
  a: Record<string, JsonSchema> | undefined,
  b: Record<string, JsonSchema> | undefined,
): Record<string, JsonSchema> | undefined {
  if (!a || !b) return a ?? b;
  const merged = { ...a };
  for (const [name, schema] of Object.entries(b)) merged[name] = { ...(merged[name] ?? {}), ...schema };
  return merged;
}

/** Alternatives of a union, or undefined. A union of only `required` lists is a constraint, not a union. */
export function variantsOf(schema: JsonSchema): JsonSchema[] | undefined {
  const variants = schema.oneOf ?? schema.anyOf;
  if (!variants || variants.every((variant) => Object.keys(variant).every((key) => key === "required"))) {
    return undefined;
  }
  return variants;
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.type) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties) return ["object"];
  if (schema.const !== undefined) return [typeof schema.const];
  return [];
}

export function isNullable(schema: JsonSchema): boolean {
  return typesOf(schema).includes("null");
}

/** "string", "string · date", "array of object", "integer", "Location" … */
export function typeLabel(schema: JsonSchema | undefined, resolve: Resolver): string {
  if (!schema) return "any";
  const name = refName(schema);
  const flat = flatten(schema, resolve);
  const variants = variantsOf(flat);
  if (variants && variants.length > 1) {
    return name ?? variants.map((variant) => typeLabel(variant, resolve)).join(" | ");
  }
  const types = typesOf(flat).filter((type) => type !== "null");
  const base =
    types[0] === "array" ? `array of ${typeLabel(flat.items, resolve)}` : types.join(" | ") || "object";
  const withFormat = flat.format ? `${base} · ${flat.format}` : base;
  return name && types[0] === "object" ? name : withFormat;
}

/** Constraints worth telling a reader, as short phrases. */
export function constraintsOf(schema: JsonSchema): string[] {
  const phrases: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined) {
    phrases.push(
      schema.minLength === schema.maxLength
        ? `exactly ${schema.minLength} characters`
        : `${schema.minLength}–${schema.maxLength} characters`,
    );
  } else if (schema.maxLength !== undefined) phrases.push(`at most ${schema.maxLength} characters`);
  else if (schema.minLength !== undefined && schema.minLength > 0) {
    phrases.push(`at least ${schema.minLength} character${schema.minLength > 1 ? "s" : ""}`);
  }
  if (schema.minimum !== undefined && schema.maximum !== undefined) {
    phrases.push(`${schema.minimum} to ${schema.maximum}`);
  } else if (schema.minimum !== undefined) phrases.push(`≥ ${schema.minimum}`);
  else if (schema.maximum !== undefined) phrases.push(`≤ ${schema.maximum}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    phrases.push(`${schema.minItems ?? 0}–${schema.maxItems ?? "∞"} items`);
  }
  if (schema.pattern) phrases.push(`pattern ${schema.pattern}`);
  return phrases;
}

const FORMAT_SAMPLES: Record<string, string> = {
  date: "2026-11-21",
  "date-time": "2026-11-21T09:30:00.000Z",
  email: "user@example.com",
  uri: "https://example.com/",
};

/** A plausible value for a schema: its example, const, first enum value, or one made up by type. */
export function sampleOf(schema: JsonSchema | undefined, resolve: Resolver, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  const flat = flatten(schema, resolve);
  if (flat.example !== undefined) return flat.example;
  if (flat.examples?.length) return flat.examples[0];
  if (flat.const !== undefined) return flat.const;
  if (flat.enum?.length) return flat.enum[0];
  const variants = variantsOf(flat);
  if (variants?.[0]) return sampleOf({ ...variants[0] }, resolve, depth + 1);
  const type = typesOf(flat).find((each) => each !== "null");
  switch (type) {
    case "string":
      return FORMAT_SAMPLES[flat.format ?? ""] ?? "string";
    case "integer":
    case "number":
      return flat.minimum ?? 0;
    case "boolean":
      return true;
    case "array":
      return [sampleOf(flat.items, resolve, depth + 1)];
    case "object":
    case undefined:
      return Object.fromEntries(
        Object.entries(flat.properties ?? {}).map(([name, property]) => [
          name,
          sampleOf(property, resolve, depth + 1),
        ]),
      );
    default:
      return null;
  }
}
