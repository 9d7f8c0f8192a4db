// Calls an exported route handler with a real Request, as Next would.
type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Response | Promise<Response>;

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
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}
