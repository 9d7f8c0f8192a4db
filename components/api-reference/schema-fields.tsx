// A JSON Schema's properties as a list of fields, recursively: name, type, required mark, description,
// constraints and allowed values; nested objects and arrays of objects fold out beneath their field.
import { RequiredMark } from "@/components/api-reference/badges";
import { InlineMarkdown } from "@/components/api-reference/markdown";
import {
  constraintsOf,
  flatten,
  isNullable,
  refName,
  typeLabel,
  variantsOf,
  type JsonSchema,
  type Resolver,
} from "@/components/api-reference/schema";

const MAX_DEPTH = 5;

export function objectAnchor(name: string): string {
  return `object-${name}`;
}

/** The component a field refers to (itself or its array items), when it is a named object. */
function linkedObject(schema: JsonSchema, resolve: Resolver): string | undefined {
  const target =
    flatten(schema, resolve).type === "array" ? (flatten(schema, resolve).items ?? schema) : schema;
  const name = refName(target);
  if (!name) return undefined;
  const flat = flatten(target, resolve);
  return flat.properties || variantsOf(flat) ? name : undefined;
}

/** The object schema(s) a field's children come from: the object, an array's items, or union variants. */
function childrenOf(schema: JsonSchema, resolve: Resolver): JsonSchema | undefined {
  const flat = flatten(schema, resolve);
  const target = flat.type === "array" && flat.items ? flatten(flat.items, resolve) : flat;
  if (target.properties && Object.keys(target.properties).length > 0) return target;
  if (variantsOf(target)?.some((variant) => flatten(variant, resolve).properties)) return target;
  return undefined;
}

function EnumValues({ values }: { values: unknown[] }) {
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
      <span>{values.length === 1 ? "Value:" : "One of:"}</span>
      {values.map((value) => (
        <code key={String(value)} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">
          {JSON.stringify(value)}
        </code>
      ))}
    </p>
  );
}

type Options = {
  resolve: Resolver;
  depth: number;
  /** Named objects are linked to their description under Objects instead of being expanded. */
  linkObjects: boolean;
};

function Field({
  name,
  schema,
  required,
  resolve,
  depth,
  linkObjects,
}: { name: string; schema: JsonSchema; required: boolean } & Options) {
  const flat = flatten(schema, resolve);
  const description = schema.description ?? flat.description;
  const values = flat.enum ?? (flat.const !== undefined ? [flat.const] : undefined);
  const constraints = constraintsOf(flat);
  const linked = linkObjects ? linkedObject(schema, resolve) : undefined;
  const children = depth < MAX_DEPTH && !linked ? childrenOf(schema, resolve) : undefined;
  const type = typeLabel(schema, resolve);
  // The error code enum is described, code by code, in its own table.
  const isErrorCodes = flat["x-enumDescriptions"] !== undefined;
  return (
    <li className="py-3.5">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <code className="font-mono text-sm font-semibold text-slate-900">{name}</code>
        {linked ? (
          <a
            href={`#${objectAnchor(linked)}`}
            className="font-mono text-xs text-indigo-700 underline underline-offset-2"
          >
            {type.includes(linked) ? type : `${type} (${linked})`}
          </a>
        ) : (
          <span className="font-mono text-xs text-slate-600">{type}</span>
        )}
        {isNullable(flat) && <span className="text-xs text-slate-600">nullable</span>}
        {required && <RequiredMark />}
        {flat.writeOnly && (
          <span className="text-xs font-medium text-violet-800">write-only · never returned</span>
        )}
      </div>
      {description && (
        <p className="mt-1 text-sm leading-6 text-slate-700">
          <InlineMarkdown text={description} />
        </p>
      )}
      {constraints.length > 0 && <p className="mt-1 text-xs text-slate-600">{constraints.join(" · ")}</p>}
      {values && !isErrorCodes && <EnumValues values={values} />}
      {values && isErrorCodes && (
        <p className="mt-1 text-xs text-slate-600">
          One of the{" "}
          <a className="text-indigo-700 underline underline-offset-2" href="#error-codes">
            error codes
          </a>
          .
        </p>
      )}
      {children && (
        <details open={depth <= 1} className="mt-2 rounded-lg border border-slate-200">
          <summary className="cursor-pointer select-none rounded-lg px-3 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50">
            Child attributes
          </summary>
          <div className="border-t border-slate-200 px-3">
            <SchemaFields schema={children} resolve={resolve} depth={depth + 1} linkObjects={linkObjects} />
          </div>
        </details>
      )}
    </li>
  );
}

export function SchemaFields({
  schema,
  resolve,
  depth = 0,
  linkObjects = false,
}: { schema: JsonSchema | undefined } & Partial<Options> & { resolve: Resolver }) {
  const flat = flatten(schema, resolve);
  const options = { resolve, linkObjects };
  if (flat.type === "array" && flat.items) {
    return <SchemaFields schema={flat.items} depth={depth} {...options} />;
  }
  const variants = variantsOf(flat);
  if (variants && variants.length === 1 && variants[0]) {
    return <SchemaFields schema={variants[0]} depth={depth} {...options} />;
  }
  if (variants) {
    return (
      <div className="space-y-3 py-3">
        <p className="text-xs font-medium text-slate-600">One of {variants.length} shapes:</p>
        {variants.map((variant, index) => {
          const flatVariant = flatten(variant, resolve);
          const discriminator = Object.entries(flatVariant.properties ?? {}).find(
            ([, property]) => flatten(property, resolve).const !== undefined,
          );
          const label = discriminator
            ? `${discriminator[0]} = ${JSON.stringify(flatten(discriminator[1], resolve).const)}`
            : typeLabel(variant, resolve);
          const name = refName(variant);
          if (linkObjects && name) {
            return (
              <p key={index} className="font-mono text-xs">
                <span className="text-slate-600">{label}: </span>
                <a href={`#${objectAnchor(name)}`} className="text-indigo-700 underline underline-offset-2">
                  {name}
                </a>
              </p>
            );
          }
          return (
            <div key={index} className="rounded-lg border border-slate-200 px-3">
              <p className="pt-2.5 font-mono text-xs font-semibold text-slate-700">{label}</p>
              <SchemaFields schema={variant} depth={depth + 1} {...options} />
            </div>
          );
        })}
      </div>
    );
  }
  const required = new Set(flat.required ?? []);
  const entries = Object.entries(flat.properties ?? {});
  if (entries.length === 0) return <p className="py-3 text-sm text-slate-600">No fields.</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {entries.map(([name, property]) => (
        <Field
          key={name}
          name={name}
          schema={property}
          required={required.has(name)}
          depth={depth}
          {...options}
        />
      ))}
    </ul>
  );
}
