// One request of the API lane: the Node request as the Web Request a route handler takes, the handler's
// Response written back. What Next's app router does around a route handler that ours need: HEAD by
// GET (Node drops the body), OPTIONS with Allow, and a method the route does not export answered 405 with
// Allow and a problem body (where Next's bare 405 was given one by the front door).
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { problem } from "@/server/front-door-answers.mjs";
import { logger } from "@/lib/logger";
import { runInRequest } from "@/lib/request-context/current-request";
import { allowedMethods, type HttpMethod, type MatchedRoute, type RouteHandler } from "./route-table";

export async function serveApiRequest(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  route: MatchedRoute,
): Promise<void> {
  const method = (incoming.method ?? "GET") as HttpMethod;
  const handler = handlerOf(route, method);
  if (!handler) {
    const answer =
      method === "OPTIONS" ? undefined : problem(405, "METHOD_NOT_ALLOWED", notAllowed(incoming));
    outgoing.writeHead(answer ? 405 : 204, { ...answer?.headers, Allow: allowedMethods(route.module) });
    outgoing.end(method === "HEAD" ? undefined : answer?.body);
    return;
  }
  const request = webRequestOf(incoming);
  let response: Response;
  try {
    response = await runInRequest(request.headers, () =>
      handler(request, { params: Promise.resolve(route.params) }),
    );
  } catch (error) {
    // withApi answers every error itself; this is a handler outside it failing.
    logger.error("route handler failed", { path: route.path, method, error });
    const answer = problem(500, "INTERNAL_SERVER_ERROR", "The request failed on our side.");
    outgoing.writeHead(500, answer.headers);
    outgoing.end(answer.body);
    return;
  }
  await writeResponse(response, outgoing);
}

function handlerOf(route: MatchedRoute, method: HttpMethod): RouteHandler | undefined {
  return route.module[method] ?? (method === "HEAD" ? route.module.GET : undefined);
}

function notAllowed(incoming: IncomingMessage): string {
  return `${incoming.method} is not allowed on ${(incoming.url ?? "/").split("?", 1)[0]}.`;
}

function webRequestOf(incoming: IncomingMessage): Request {
  // The parsed headers, as the front door left them (its request id, the client's address).
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (value) for (const each of value) headers.append(name, each);
  }
  const method = incoming.method ?? "GET";
  const hasBody =
    method !== "GET" &&
    method !== "HEAD" &&
    (incoming.headers["transfer-encoding"] !== undefined ||
      Number(incoming.headers["content-length"] ?? 0) > 0);
  return new Request(`http://${hostOf(incoming)}${incoming.url ?? "/"}`, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  });
}

/** The Host header when it is a plain host[:port], so that the URL always parses (handlers use its path). */
function hostOf(incoming: IncomingMessage): string {
  const host = incoming.headers.host;
  return host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : "localhost";
}

/** Writes the response; a body of one chunk (every JSON answer) goes with its Content-Length. */
async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  outgoing.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") outgoing.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader("set-cookie", cookies);
  if (!response.body) {
    outgoing.end();
    return;
  }
  const reader = response.body.getReader();
  outgoing.once("close", () => void reader.cancel().catch(() => undefined));
  const first = await reader.read();
  if (first.done) return void outgoing.end();
  let next = await reader.read();
  if (next.done) return void outgoing.end(first.value);
  outgoing.write(first.value);
  while (!next.done) {
    if (!outgoing.write(next.value)) await drainedOrClosed(outgoing);
    if (outgoing.destroyed) return;
    next = await reader.read();
  }
  outgoing.end();
}

function drainedOrClosed(outgoing: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    outgoing.once("drain", resolve);
    outgoing.once("close", resolve);
  });
}
