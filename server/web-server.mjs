// @ts-check
// Next.js served by one process on HOSTNAME:PORT: the development server (in the `npm run dev` process
// itself) or one of `npm start`'s web processes (server/web-process.mjs, which share the port). In
// production the API lane (server/api-lane/, bundled by server/bundles.mjs) serves /v1 and /api/health
// with the same route handlers, without Next's app router in the path; development leaves them to Next,
// which recompiles them as they change.
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseTrustedProxies } from "../lib/request-context/trusted-proxies.mjs";
import { installProcessMetrics, routeTemplateMatcher } from "../lib/metrics/process-metrics.mjs";
import { API_LANE_BUNDLE } from "./bundles.mjs";
import { answerClientError, frontDoor, publicFilePaths } from "./front-door.mjs";
import { problem } from "./front-door-answers.mjs";

/** How long in-flight requests get to finish on shutdown before the app closes. */
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * @param {{ dev: boolean, port: number, hostname: string }} options
 * @returns {Promise<{ close: () => Promise<void> }>} close: drains, stops what runs inside Next, closes it
 */
export async function serveNext({ dev, port, hostname }) {
  // Imported only now: nothing of Next loads unless the steps before succeeded.
  const { default: next } = await import("next");
  const app = next({ dev, dir: process.cwd(), hostname, port });
  await app.prepare();
  installProcessMetrics();

  // Every request passes the front door first (request id, security headers, client address, refusals
  // of what Next would answer with a bare 500, the HTTP metrics).
  const publicFiles = publicFilePaths("public");
  /** @type {http.Server} */
  const server = http.createServer(
    frontDoor(dev ? app.getRequestHandler() : await withApiLane(app.getRequestHandler()), {
      production: !dev,
      trustedProxies: parseTrustedProxies(process.env.TRUSTED_PROXIES),
      publicFiles,
      allowedMethods: (pathname) => allowedMethodsOf(server, pathname),
      routeOf: routeTemplateMatcher(readRoutesManifest(), publicFiles),
      actionNameOf: serverActionNames(),
    }),
  );
  server.on("clientError", answerClientError({ production: !dev }));
  /** @type {Set<import("node:stream").Duplex>} */
  const upgraded = new Set();
  server.on("upgrade", (_request, socket) => {
    upgraded.add(socket);
    socket.once("close", () => upgraded.delete(socket));
  });
  const listening = new Promise((resolve, reject) => {
    server.once("error", reject); // e.g. the port is taken
    server.listen(port, hostname, () => resolve(undefined));
  });
  // Shut down properly even if it never listened.
  const close = async () => {
    // The requests in flight and the worker's attempts in flight finish side by side, within the
    // shutdown's deadline; then Next closes.
    await Promise.all([server.listening ? closeHttpServer(server, upgraded) : undefined, runShutdownHooks()]);
    await app.close();
  };
  try {
    await listening;
  } catch (error) {
    await close();
    throw error;
  }
  return { close };
}

/**
 * Next's request handler with the API lane in front: a path the lane serves goes to its route handler
 * there, any other to Next.
 * @param {(request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>} nextHandler
 * @returns {Promise<(request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>>}
 */
async function withApiLane(nextHandler) {
  /** @type {typeof import("./api-lane/lane-bundle")} */
  const lane = await import(API_LANE_BUNDLE);
  const routeOf = lane.routeTable(lane.routes);
  return (request, response) => {
    const route = routeOf((request.url ?? "/").split("?", 1)[0] ?? "/");
    if (!route) return nextHandler(request, response);
    return lane.serveApiRequest(request, response, route).catch((/** @type {unknown} */ error) => {
      console.error("API lane: the response failed", error);
      if (response.headersSent) return void response.destroy();
      const answer = problem(500, "INTERNAL_SERVER_ERROR", "The request failed on our side.");
      response.writeHead(500, answer.headers).end(answer.body);
    });
  };
}

/**
 * The methods an API path takes, as Next's own OPTIONS answer lists them (for the Allow header of a
 * 405, which Next sends without one); undefined for pages or when it cannot be asked.
 * @param {http.Server} server
 * @param {string} pathname
 * @returns {Promise<string | undefined>}
 */
async function allowedMethodsOf(server, pathname) {
  const address = server.address();
  if (!/^\/(v1|api)(\/|$)/.test(pathname) || !address || typeof address === "string") return undefined;
  const host =
    address.family === "IPv6"
      ? address.address === "::"
        ? "[::1]"
        : `[${address.address}]`
      : address.address === "0.0.0.0"
        ? "127.0.0.1"
        : address.address;
  try {
    const answer = await fetch(`http://${host}:${address.port}${pathname}`, {
      method: "OPTIONS",
      signal: AbortSignal.timeout(2_000),
    });
    return answer.status === 204 ? (answer.headers.get("allow") ?? undefined) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The build's routes (.next/routes-manifest.json): the route templates of the HTTP metrics. The
 * development server writes it as pages compile, so there most requests are "unmatched".
 * @returns {Parameters<typeof routeTemplateMatcher>[0]}
 */
function readRoutesManifest() {
  const file = path.join(process.cwd(), ".next", "routes-manifest.json");
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * The build's server actions by id (.next/server/server-reference-manifest.json) as "file#export", so
 * that a trace says which action a POST ran; none in development, where the manifest grows as pages
 * compile.
 * @returns {(id: string) => string | undefined}
 */
function serverActionNames() {
  const file = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  /** @type {Map<string, string>} */
  const names = new Map();
  try {
    /** @type {{ node?: Record<string, { filename?: string, exportedName?: string }> }} */
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    for (const [id, action] of Object.entries(manifest.node ?? {})) {
      if (action.filename && action.exportedName) names.set(id, `${action.filename}#${action.exportedName}`);
    }
  } catch {
    // No build yet (development): actions are traced as "unknown".
  }
  return (id) => names.get(id);
}

/** @type {Promise<void> | undefined} */
let shutdownHooksRun;
/** Runs the hooks code inside Next registered (globalThis.vmsShutdownHooks: the webhook worker), once. */
function runShutdownHooks() {
  /** @type {{ vmsShutdownHooks?: Array<() => Promise<void>> }} */
  const hooks = /** @type {any} */ (globalThis);
  shutdownHooksRun ??= Promise.all((hooks.vmsShutdownHooks ?? []).map((hook) => hook())).then(() => {});
  return shutdownHooksRun;
}

/**
 * Stops accepting connections and waits for in-flight requests, for DRAIN_TIMEOUT_MS at most; what is
 * still open then (an event stream, which never ends by itself; its browser reconnects elsewhere with
 * Last-Event-ID) is cut. Upgraded connections (the dev server's hot-reload WebSocket) are cut at once.
 * @param {http.Server} server
 * @param {Set<import("node:stream").Duplex>} upgraded its upgraded connections
 * @returns {Promise<void>}
 */
function closeHttpServer(server, upgraded) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, DRAIN_TIMEOUT_MS);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    for (const socket of upgraded) socket.destroy();
  });
}
