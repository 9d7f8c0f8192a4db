// Calls an exported route handler with a real Request, as Next would. Kits take the handlers from the
// tests (a kit never imports a route: eslint.config.mjs), so each test imports the routes it exercises.

/** Any route handler: each narrows its params to its own, which `never` lets every one of them be. */
export type RouteHandler = (
  request: Request,
  context: { params: Promise<never> },
) => Response | Promise<Response>;

/** The handler a test passed to a kit under `name`; a clear failure when it passed none. */
export function passedRoute<Name extends string>(
  routes: Partial<Record<Name, RouteHandler>>,
  name: Name,
): RouteHandler {
  const handler = routes[name];
  if (!handler) throw new Error(`This test calls the ${name} route: pass it to the kit.`);
  return handler;
}

export type CallOptions = {
  method?: string;
  path: string;
  apiKey?: string;
  body?: unknown;
  /** Sent as is (for malformed-body tests); otherwise body is JSON-encoded. */
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | string[]>;
};

export async function callRoute(handler: RouteHandler, options: CallOptions): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.apiKey) headers.set("x-service-api-key", options.apiKey);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(new URL(options.path, "http://localhost"), {
    method: options.method ?? "GET",
    headers,
    body,
  });
  return handler(request, { params: Promise.resolve(options.params ?? {}) as Promise<never> });
}
