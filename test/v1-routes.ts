// Every /v1 route handler, so that tests that must cover every endpoint (garbage input, tenancy) pick
// up a new route without being told. The test finds the route modules (import.meta.glob, which vitest
// resolves) and passes them: a kit never imports a route.
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

/** Route modules by path from the project root, as import.meta.glob gives them (lazily). */
export type RouteModules = Record<string, () => Promise<unknown>>;

export async function loadV1Routes(
  modules: RouteModules,
  options: { includeCatchAll?: boolean } = {},
): Promise<V1Route[]> {
  const routes: V1Route[] = [];
  for (const file of Object.keys(modules).sort()) {
    const relative = /^\/app\/v1\/(.*?)\/?route\.ts$/.exec(file)?.[1]?.split("/").filter(Boolean);
    if (!relative) throw new Error(`${file} is not a route of /v1`);
    if (!options.includeCatchAll && relative.some((segment) => segment.startsWith("[..."))) continue;
    const routeModule = (await modules[file]?.()) as Partial<Record<HttpMethod, Handler>>;
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
