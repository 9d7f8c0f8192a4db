// Every /v1 route handler, found on disk, so that tests that must cover every endpoint (garbage input,
// tenancy) pick up a new route without being told.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { ApiOptions } from "@/lib/http/with-api";

export const HTTP_METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
type Handler = ((
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>) & {
  /** Set by withApi: the scope and schemas the handler declared. */
  apiOptions?: ApiOptions;
};

export type V1Route = {
  /** e.g. "/v1/movement-requests/[requestId]" */
  template: string;
  /** Dynamic segments, e.g. ["requestId"]. */
  params: string[];
  handlers: Partial<Record<HttpMethod, Handler>>;
};

const V1_DIR = path.join(process.cwd(), "app", "v1");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

export async function loadV1Routes(options: { includeCatchAll?: boolean } = {}): Promise<V1Route[]> {
  const routes: V1Route[] = [];
  for (const file of routeFiles(V1_DIR).sort()) {
    const relative = path.relative(V1_DIR, path.dirname(file)).split(path.sep).filter(Boolean);
    if (!options.includeCatchAll && relative.some((segment) => segment.startsWith("[..."))) continue;
    const routeModule = (await import(/* @vite-ignore */ file)) as Partial<Record<HttpMethod, Handler>>;
    const handlers = Object.fromEntries(
      HTTP_METHODS.filter((method) => routeModule[method]).map((method) => [method, routeModule[method]]),
    );
    routes.push({
      template: `/v1/${relative.join("/")}`.replace(/\/$/, ""),
      params: relative
        .filter((segment) => segment.startsWith("["))
        .map((segment) => segment.replace(/[[\].]/g, "")),
      handlers,
    });
  }
  return routes;
}

/** The concrete path of a route with its dynamic segments filled in. */
export function pathOf(route: V1Route, params: Record<string, string>): string {
  return route.template.replace(/\[(?:\.\.\.)?(\w+)\]/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? ""),
  );
}
