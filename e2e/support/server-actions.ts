// Calling a server action over HTTP exactly as the browser does (POST to a page with the Next-Action
// header and the arguments encoded like React's encodeReply), for tests that send what a page never
// would: forged origins, generated inputs. The action ids come from the build under test.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, APIResponse } from "@playwright/test";

type ManifestEntry = { filename?: string; exportedName?: string; workers: Record<string, unknown> };

export type ServerAction = { id: string; name: string; file: string; pagePath: string };

/** Every server action of the build (.next/server/server-reference-manifest.json), by export name. */
export function serverActions(): Map<string, ServerAction> {
  const manifestPath = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { node: Record<string, ManifestEntry> };
  const actions = new Map<string, ServerAction>();
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (!entry.exportedName || !entry.filename) continue;
    // Any page that imports the action can run it; one without dynamic segments is simplest to address.
    const pages = Object.keys(entry.workers).filter((worker) => worker.endsWith("/page"));
    const page = pages.find((worker) => !worker.includes("[")) ?? pages[0];
    if (!page) continue;
    actions.set(entry.exportedName, {
      id,
      name: entry.exportedName,
      file: entry.filename,
      pagePath: pathOf(page),
    });
  }
  return actions;
}

/** "app/(staff)/board/page" → "/board" */
function pathOf(worker: string): string {
  const segments = worker
    .split("/")
    .slice(1, -1)
    .filter((segment) => !/^\(.*\)$/.test(segment));
  return `/${segments.join("/")}`;
}

/**
 * The arguments as React's encodeReply sends plain values: a string starting with "$" gets another
 * "$", undefined is "$undefined".
 */
export function encodeActionArguments(args: readonly unknown[]): string {
  const escape = (value: unknown): unknown => {
    if (value === undefined) return "$undefined";
    if (typeof value === "string") return value.startsWith("$") ? `$${value}` : value;
    if (Array.isArray(value)) return value.map(escape);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, escape(item)]));
    }
    return value;
  };
  return JSON.stringify(args.map(escape));
}

export async function callServerAction(
  request: APIRequestContext,
  action: ServerAction,
  args: readonly unknown[],
  options: { origin: string; headers?: Record<string, string> },
): Promise<APIResponse> {
  return request.post(action.pagePath, {
    headers: {
      "next-action": action.id,
      accept: "text/x-component",
      "content-type": "text/plain;charset=UTF-8",
      origin: options.origin,
      ...options.headers,
    },
    data: encodeActionArguments(args),
    maxRedirects: 0,
  });
}
