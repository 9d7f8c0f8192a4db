// The dark example panels beside an operation: a curl request and a response body, with light JSON
// highlighting.
import type { ReactNode } from "react";
import type { OperationView } from "@/components/api-reference/model";
import { sampleOf, type Resolver } from "@/components/api-reference/schema";

export type DemoKeys = { integration: string; operations: string };

const TOKEN = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;

function highlightJson(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const [whole, string, colon, literal, number] = match;
    const className = string
      ? colon
        ? "text-sky-300"
        : "text-emerald-300"
      : literal
        ? "text-violet-300"
        : number
          ? "text-amber-300"
          : "";
    nodes.push(
      <span key={index} className={className}>
        {string ?? whole}
      </span>,
    );
    if (string && colon) nodes.push(colon);
    last = index + whole.length;
  }
  nodes.push(text.slice(last));
  return nodes;
}

export function CodePanel({
  title,
  label,
  wrap = false,
  children,
}: {
  title: string;
  label?: string;
  /** Wrap long lines instead of scrolling sideways. */
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <figure className="overflow-hidden rounded-xl bg-slate-900 shadow-lg ring-1 ring-slate-900/10">
      <figcaption className="flex items-center justify-between border-b border-white/10 bg-slate-800/60 px-4 py-2 text-xs font-medium text-slate-200">
        <span>{title}</span>
        {label && <span className="font-mono text-slate-300">{label}</span>}
      </figcaption>
      {/* Focusable, so that a long example can be scrolled with the keyboard. */}
      <pre
        tabIndex={0}
        aria-label={title}
        className={`max-h-[28rem] overflow-auto p-4 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-sky-400 font-mono text-[12.5px] leading-5 text-slate-100 ${wrap ? "whitespace-pre-wrap break-all" : ""}`}
      >
        {children}
      </pre>
    </figure>
  );
}

export function JsonBlock({ value }: { value: unknown }) {
  return <code>{highlightJson(JSON.stringify(value, null, 2))}</code>;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function curlFor(
  operation: OperationView,
  options: { baseUrl: string; keys: DemoKeys; resolve: Resolver },
): string {
  const exampleOf = (where: string, name: string) =>
    operation.parameters.find((parameter) => parameter.in === where && parameter.name === name)?.example;
  const path = operation.path.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const example = exampleOf("path", name);
    return example === undefined ? placeholder : encodeURIComponent(String(example));
  });
  const query = operation.parameters
    .filter((parameter) => parameter.in === "query" && parameter.example !== undefined)
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(parameter.example))}`)
    .join("&");
  const url = `${options.baseUrl}${path}${query ? `?${query}` : ""}`;
  const key = operation.scope === "operations" ? options.keys.operations : options.keys.integration;
  const lines = [
    `curl${operation.method === "get" ? "" : ` -X ${operation.method.toUpperCase()}`} ${shellQuote(url)}`,
  ];
  lines.push(`-H "X-Service-API-Key: ${key}"`);
  if (operation.method === "post") lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  const body = operation.requestBody;
  if (body && (body.required || body.example !== undefined)) {
    lines.push(`-H "Content-Type: application/json"`);
    const value = body.example ?? sampleOf(body.schema, options.resolve);
    lines.push(`-d ${shellQuote(JSON.stringify(value, null, 2))}`);
  }
  return lines.join(" \\\n  ");
}

/** The example of the operation's success response: its own, or one generated from its schema. */
export function successExample(operation: OperationView, resolve: Resolver) {
  const success = operation.responses.find((response) => response.status.startsWith("2"));
  if (!success) return undefined;
  const value = success.example ?? (success.schema ? sampleOf(success.schema, resolve) : undefined);
  return { status: success.status, value };
}
