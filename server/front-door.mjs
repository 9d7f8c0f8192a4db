// @ts-check
// What every request goes through before Next.js sees it (server/start.mjs), and what every response
// carries whoever answers it:
// - an X-Request-Id (the caller's when it is a sane token, otherwise a new ULID) and the security
//   headers, on static files, 404s and refusals too;
// - the client's address: forwarded headers are dropped unless TRUSTED_PROXIES names the peer, and
//   X-Forwarded-For is set to the one address everything downstream (sign-in throttling) may trust;
// - refusals of requests Next would answer with a bare 500 (docs/operations.md, "Security"): a path
//   that is not valid percent-encoded UTF-8, a server-action body over the limit or of unknown length
//   or whose arguments do not decode (server/action-arguments.mjs);
// - a 405 with an empty body (Next's answer to a method a route does not export) gets a body: a
//   problem+json METHOD_NOT_ALLOWED with Allow for the API, a styled page otherwise.
import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { resolveClient } from "../lib/request-context/trusted-proxies.mjs";
import { recordHttpRequest } from "../lib/metrics/process-metrics.mjs";
import { securityHeaders } from "../lib/security/response-headers.mjs";
import { ulidFactory } from "../lib/ulid.mjs";
import { traceRequest } from "../lib/tracing/request-span.mjs";
import { actionArgumentsProblem } from "./action-arguments.mjs";
import { errorPage, isApiPath, problem } from "./front-door-answers.mjs";
import { pageFormProblem } from "./multipart-check.mjs";

/** Server-action and form bodies (extensions §2: 1 MiB, as the API's own limit). */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Methods any route takes; Next answers others on pages with a 500. */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** A refused body is read (and dropped) up to this much, so that the client gets to read the answer. */
const DRAIN_LIMIT_BYTES = 16 * MAX_BODY_BYTES;
/** How long a connection Node could not parse stays open for the rest of the client's body. */
const CLIENT_ERROR_LINGER_MS = 10_000;
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const FORWARDED_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
];
const nextUlid = ulidFactory();
/**
 * The routes no trace is made of: the probes and the metrics scrape, which machines ask every few seconds
 * and which do nothing worth following. Their share of the requests would be most of the traces an idle
 * service sends, and their tracing work a cost on the cheapest requests there are (docs/operations.md).
 */
const UNTRACED_ROUTES = new Set(["/api/health", "/api/ready", "/api/metrics"]);

/**
 * @typedef {import("node:http").IncomingMessage} Request
 * @typedef {import("node:http").ServerResponse} Response
 * @typedef {(request: Request, response: Response) => unknown} Handler
 * @typedef {{ production: boolean, trustedProxies: import("../lib/request-context/trusted-proxies.mjs").TrustedProxies, allowedMethods: (path: string) => Promise<string | undefined>, publicFiles?: ReadonlySet<string>, routeOf?: (path: string) => string, actionNameOf?: (id: string) => string | undefined }} FrontDoorOptions
 */

/**
 * @param {Handler} next Next's request handler
 * @param {FrontDoorOptions} options
 * @returns {Handler}
 */
export function frontDoor(next, options) {
  const headers = securityHeaders({ production: options.production });
  /** @type {(request: Request, response: Response, route: string | undefined) => unknown} */
  const pass = (request, response, route) => {
    const refusal = refusalOf(request, route, options.publicFiles ?? new Set());
    if (refusal) {
      return refusal.status === 405
        ? options
            .allowedMethods(pathOf(request))
            .then((allow) => refuse(request, response, { ...refusal, allow }))
        : refuse(request, response, refusal);
    }
    answerEmptyMethodNotAllowed(request, response, options.allowedMethods);
    const action = request.headers["next-action"] !== undefined;
    if (!action && !isPageMultipartPost(request, route)) return next(request, response);
    return readActionBody(request).then(
      async (body) => {
        const message = action
          ? await actionArgumentsProblem(request.headers, body)
          : await pageFormProblem(request.headers, body);
        if (message) return refuse(request, response, { status: 400, code: "VALIDATION_ERROR", message });
        return next(replayed(request, body), response);
      },
      () => response.destroy(),
    );
  };
  return (request, response) => {
    const route = options.routeOf?.(pathOf(request));
    if (route !== undefined) measure(request, response, route);
    const requestId = requestIdOf(request);
    request.headers["x-request-id"] = requestId;
    response.setHeader("X-Request-Id", requestId);
    for (const { key, value } of headers) response.setHeader(key, value);
    settleClientAddress(request, options.trustedProxies);
    if (route !== undefined && UNTRACED_ROUTES.has(route)) {
      // A request's trace context is read from this header (lib/tracing/context-manager.ts).
      delete request.headers.traceparent;
      return pass(request, response, route);
    }
    // The request's span (while tracing is on) holds everything below, refusals included.
    const actionId = request.headers["next-action"];
    const serverAction =
      typeof actionId === "string" ? (options.actionNameOf?.(actionId) ?? "unknown") : undefined;
    return traceRequest(request, response, { route: route ?? "unmatched", requestId, serverAction }, () =>
      pass(request, response, route),
    );
  };
}

/**
 * Records the request in the HTTP metrics (lib/metrics/process-metrics.mjs) when its connection is done
 * with it: a finished answer, or a stream (SSE) or an answer cut short. A client that left before any
 * answer was sent counts as 499 (nginx's "client closed request").
 * @param {Request} request
 * @param {Response} response
 * @param {string} route the route template of its path, from a bounded set
 */
function measure(request, response, route) {
  const startedAt = performance.now();
  response.once("close", () => {
    recordHttpRequest({
      route,
      method: request.method,
      status: response.headersSent ? response.statusCode : 499,
      seconds: (performance.now() - startedAt) / 1000,
    });
  });
}

/** @param {Request} request */
function isMultipart(request) {
  return /^multipart\/form-data/i.test(request.headers["content-type"] ?? "");
}

/**
 * A multipart POST to a page, which Next parses as a possible form action. API routes read their own
 * bodies; a path under /api that no route serves gets the not-found page, which parses it too.
 * @param {Request} request
 * @param {string | undefined} route its route template, "unmatched" when no route serves it
 */
function isPageMultipartPost(request, route) {
  const page = !isApiPath(pathOf(request)) || route === "unmatched";
  return request.method === "POST" && isMultipart(request) && page;
}

/**
 * The whole body of a server action or a page's multipart post (its length is known and within MAX_BODY_BYTES: refusalOf).
 * @param {Request} request
 * @returns {Promise<Buffer>}
 */
function readActionBody(request) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.once("end", () => resolve(Buffer.concat(chunks)));
    request.once("error", reject);
  });
}

/** A request whose body was read here, handed on with that body to be read again. */
class ReplayedRequest extends http.IncomingMessage {
  /** @override */
  _read() {}
}

/**
 * @param {Request} request
 * @param {Buffer} body
 */
function replayed(request, body) {
  const copy = new ReplayedRequest(request.socket);
  Object.assign(copy, {
    method: request.method,
    url: request.url,
    headers: request.headers,
    rawHeaders: request.rawHeaders,
    httpVersion: request.httpVersion,
    httpVersionMajor: request.httpVersionMajor,
    httpVersionMinor: request.httpVersionMinor,
    complete: true,
  });
  copy.push(body);
  copy.push(null);
  return copy;
}

/** @param {Request} request */
function requestIdOf(request) {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && ACCEPTABLE_REQUEST_ID.test(given) ? given : nextUlid();
}

/**
 * @param {Request} request
 * @param {import("../lib/request-context/trusted-proxies.mjs").TrustedProxies} trusted
 */
function settleClientAddress(request, trusted) {
  const forwardedFor = request.headers["x-forwarded-for"];
  const { client, peerTrusted } = resolveClient(
    trusted,
    request.socket.remoteAddress ?? "",
    Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor,
  );
  const keep = peerTrusted ? ["x-forwarded-host", "x-forwarded-proto"] : [];
  for (const name of FORWARDED_HEADERS) {
    if (!keep.includes(name)) delete request.headers[name];
  }
  // Next fills X-Forwarded-Host/-Proto from Host and the socket when they are absent.
  if (client) request.headers["x-forwarded-for"] = client;
}

/**
 * @typedef {{ status: number, code: string, message: string, allow?: string }} Refusal
 * @param {Request} request
 * @param {string | undefined} route
 * @param {ReadonlySet<string>} publicFiles
 * @returns {Refusal | undefined}
 */
function refusalOf(request, route, publicFiles) {
  const pathname = pathOf(request);
  const isStatic = publicFiles.has(pathname) || pathname.startsWith("/_next/");
  if (isStatic && request.method !== "GET" && request.method !== "HEAD") {
    // Next's static file server (and its /_next/ paths) answers any other method with a 500.
    const message = `${request.method} is not allowed on ${pathname}.`;
    return { status: 405, code: "METHOD_NOT_ALLOWED", message, allow: "GET, HEAD" };
  }
  if (!SERVED_METHODS.has(request.method ?? "")) {
    // TRACE, CONNECT, WebDAV and made-up methods: Next's page renderer fails on them with a 500.
    return { status: 405, code: "METHOD_NOT_ALLOWED", message: `${request.method} is not served here.` };
  }
  if (!isWellFormedPath(pathname)) {
    return { status: 400, code: "VALIDATION_ERROR", message: "The path is not valid percent-encoded UTF-8." };
  }
  if (isApiPath(pathname) && pathname.startsWith("/v1")) return undefined; // the API reads its own bodies
  const type = request.headers["content-type"] ?? "";
  if (/^multipart\/form-data/i.test(type) && !/;\s*boundary=/i.test(type)) {
    // Next parses a page POST's multipart body as a form action and fails with a 500 without one.
    return { status: 400, code: "VALIDATION_ERROR", message: "A multipart body needs a boundary." };
  }
  const length = request.headers["content-length"];
  if (length !== undefined && Number(length) > MAX_BODY_BYTES) {
    return { status: 413, code: "PAYLOAD_TOO_LARGE", message: `The body is over ${MAX_BODY_BYTES} bytes.` };
  }
  const readHere = request.headers["next-action"] !== undefined || isPageMultipartPost(request, route);
  if (length === undefined && readHere && hasBody(request)) {
    return { status: 411, code: "LENGTH_REQUIRED", message: "Send a Content-Length with the action's body." };
  }
  return undefined;
}

/** @param {Request} request */
function hasBody(request) {
  return request.headers["transfer-encoding"] !== undefined;
}

/**
 * The URL paths of the files in public/ (served by Next as they are).
 * @param {string} directory
 * @returns {Set<string>}
 */
export function publicFilePaths(directory) {
  if (!existsSync(directory)) return new Set();
  const entries = readdirSync(directory, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map(
        (entry) =>
          `/${path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
      ),
  );
}

/** @param {Request} request @returns {string} the path of the request target, undecoded */
function pathOf(request) {
  return (request.url ?? "/").split("?", 1)[0] ?? "/";
}

/**
 * Whether each escape is %XX and the decoded path is UTF-8 without a NUL: Next's router decodes it and
 * answers anything else with a bare 500.
 * @param {string} pathname
 */
export function isWellFormedPath(pathname) {
  if (!pathname.startsWith("/")) return false;
  try {
    return !decodeURIComponent(pathname).includes("\0");
  } catch {
    return false;
  }
}

/**
 * @param {Request} request
 * @param {Response} response
 * @param {Refusal} refusal
 */
function refuse(request, response, refusal) {
  if (!request.complete) {
    // Read what the client sends before answering, so that it is not cut off mid-body and misses the
    // answer; a body beyond DRAIN_LIMIT_BYTES is cut.
    dropIncoming(request, request.socket);
    request.once("end", () => refuse(request, response, refusal));
    return;
  }
  response.setHeader("Connection", "close");
  if (refusal.allow) response.setHeader("Allow", refusal.allow);
  const pathname = pathOf(request);
  const answer = isApiPath(pathname)
    ? problem(refusal.status, refusal.code, refusal.message)
    : errorPage(refusal.status, refusal.message);
  response.writeHead(refusal.status, answer.headers);
  response.end(request.method === "HEAD" ? undefined : answer.body);
}

/**
 * Next answers a method a route handler does not export with writeHead(405) and end(), no body and
 * no Content-Type: that answer is held back and replaced, with the path's methods in Allow. Any 405
 * that has a Content-Type (the API's own problem bodies) passes untouched.
 * @param {Request} request
 * @param {Response} response
 * @param {FrontDoorOptions["allowedMethods"]} allowedMethods
 */
function answerEmptyMethodNotAllowed(request, response, allowedMethods) {
  const writeHead = response.writeHead.bind(response);
  const end = response.end.bind(response);
  let replacing = false;
  /** @param {number} status @param {unknown[]} rest writeHead's other arguments */
  const isBare = (status, rest) =>
    status === 405 && !response.hasHeader("content-type") && !rest.some((value) => typeof value === "object");
  /** @type {any} */ (response).writeHead = (/** @type {number} */ status, /** @type {any[]} */ ...rest) => {
    if (!isBare(status, rest)) return writeHead(status, ...rest);
    replacing = true;
    response.statusCode = status;
    return response;
  };
  /** @type {any} */ (response).end = (/** @type {any[]} */ ...args) => {
    if (!replacing && !(response.statusCode === 405 && !response.headersSent && isBare(405, []))) {
      return end(...args);
    }
    const pathname = pathOf(request);
    const message = `${request.method} is not allowed on ${pathname}.`;
    void allowedMethods(pathname).then((allow) => {
      const answer = isApiPath(pathname)
        ? problem(405, "METHOD_NOT_ALLOWED", message)
        : errorPage(405, message);
      response.removeHeader("Content-Length");
      if (allow) response.setHeader("Allow", allow);
      writeHead(405, answer.headers);
      end(request.method === "HEAD" ? undefined : answer.body);
    });
    return response;
  };
}

/**
 * Node answers a request it cannot parse (a raw control byte in the path, a broken header) itself,
 * with a bare 400: the same answer with a request id and the security headers.
 * @param {{ production: boolean }} options
 */
export function answerClientError({ production }) {
  /** @type {WeakSet<import("node:stream").Duplex>} */
  const answered = new WeakSet();
  /** @param {Error & { code?: string }} error @param {import("node:stream").Duplex} socket */
  return (error, socket) => {
    // Node's parser reports the error again for every later chunk of that connection: it was answered
    // the first time, and lingers for the rest of the body (below) instead of being reset.
    if (answered.has(socket)) return;
    if (!socket.writable || error.code === "ECONNRESET") return socket.destroy();
    answered.add(socket);
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    const answer = errorPage(status, "The request could not be read.");
    const lines = [
      `HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : "Bad Request"}`,
      `X-Request-Id: ${nextUlid()}`,
      ...securityHeaders({ production }).map(({ key, value }) => `${key}: ${value}`),
      ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
      `Content-Length: ${Buffer.byteLength(answer.body)}`,
      "Connection: close",
    ];
    socket.end(`${lines.join("\r\n")}\r\n\r\n${answer.body}`);
    lingerUntilClientStops(socket);
  };
}

/**
 * Reads (and drops) what a client still sends after its answer, up to DRAIN_LIMIT_BYTES and for at most
 * CLIENT_ERROR_LINGER_MS: closing a connection with unread data resets it, and a client still sending its
 * body then loses the answer (ECONNRESET, EPIPE).
 * @param {import("node:stream").Duplex} socket
 */
function lingerUntilClientStops(socket) {
  const timer = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
  socket.once("close", () => clearTimeout(timer));
  dropIncoming(socket, socket);
  socket.resume();
}

/**
 * Reads and drops what arrives on `incoming` (a request's body, or a socket's bytes), and cuts the
 * connection once more than DRAIN_LIMIT_BYTES has come.
 * @param {import("node:stream").Readable | import("node:stream").Duplex} incoming
 * @param {import("node:stream").Duplex} socket
 */
function dropIncoming(incoming, socket) {
  let drained = 0;
  incoming.on("data", (/** @type {Buffer} */ chunk) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) socket.destroy();
  });
}
